import Navigation

/// The appointment request, in a modal dialog. It starts with "Which pet?" (a child
/// `PetPickerCoordinator` whose result it awaits), then the chapter's steps, each saying
/// which pet the appointment is for:
///
///     Which pet? ─► visit type ── Well ─────────────────────────────► No appointment required ─ Okay ─► done
///                       └── Sick ─► pain level ── Moderate and up ──►        ▲
///                                      └── None / A little ─► Faking it? ─ It's not fake ┘
///                                                                 └── It's fake ─► done
///
/// An `AppointmentRequestDraft` collects the answers; a finished appointment request is stored in
/// the clinic's records. Leaving the dialog by Cancel, Escape, its close button or Ctrl+W once
/// a question is answered keeps it for Forward, with a toast ("Appointment request kept",
/// *Undo* opens it again as it was); a link or closing the window, which nothing brings back,
/// asks first ("Discard answers?"), and discarding drops the answers.
/// Choosing the pet alone is one click to redo, so leaving "Visit type" does neither. Back
/// takes the last answer back (Back to "Which pet?" the choice of pet), and another
/// choice starts the questions again for that pet. With no pets, "Which pet?" offers Add
/// pet, and the editor opens inside the dialog.
@MainActor
public final class AppointmentRequestCoordinator: FlowCoordinator<AppRoute>, FollowsClinicData {
    /// The answers so far.
    public let draft = AppointmentRequestDraft()
    private let data: ClinicData
    private let feedback: any Feedback
    private let questions: Questions
    /// The question its leave guard has open: closed at once if the dialog leaves meanwhile.
    private var openQuestion: Questions.DiscardQuestion?
    private let labels = PetLabels()

    /// An appointment request shown through `router` (a `ModalRouter`), over `data`'s pets and
    /// storing into it; a failed save is told through `feedback`; leaving with answers asks
    /// through `questions`.
    public init(router: any Router<AppRoute>, data: ClinicData, feedback: any Feedback, questions: Questions) {
        self.data = data
        self.feedback = feedback
        self.questions = questions
        super.init(router: router)
        leaveGuard = { [weak self] request in
            guard let self, self.hasAnswers else { return .leave }
            guard request.reason == .link || questions.isClosingWindow else {
                self.sayKept()
                return .keep
            }
            return .ask { [weak self] in
                guard let question = self?.questions.askToDiscard(.answers, canSave: false) else { return true }
                self?.openQuestion = question
                let answer = await question.answer()
                self?.openQuestion = nil
                return answer == .discard
            }
        }
    }

    /// Tells the user the dialog is kept for Forward: *Undo* opens it again with every page.
    private func sayKept() {
        guard !questions.isRestoring, let top = router.pages.last?.id else { return }
        feedback.showToast(L("Appointment request kept"), actionTitle: L("Undo")) { [weak router] in
            _ = router?.goForward(to: top, animated: true)
        }
    }

    /// Whether leaving would lose answers: a question was answered (the page after "Visit
    /// type" is open). The pet alone is not asked about: one click chose it. Back takes an
    /// answer back. A stored appointment request ends with `finish`, which does not ask.
    public var hasAnswers: Bool { router.routes.filter(\.isAppointmentQuestion).count > 1 }

    /// Follows the records: a renamed pet's name on every question page.
    public func clinicDataChanged(_ change: ClinicData.Change) {
        if case .updated(_, let pet) = change, draft.pet?.id == pet.id { draft.pet = pet }
        labels.follow(change, on: router, data: data)
    }

    /// Opens the dialog on "Which pet?"; `onDismissed` runs when the dialog closes. Each pet
    /// chosen there (the user may come back and choose again) starts the questions for it.
    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let picker = PetPickerCoordinator(router: router, data: data, questions: questions)
        // The dialog gone (its pet deleted) makes an open question moot: it closes now.
        let left: @MainActor () -> Void = { [weak self] in
            self?.openQuestion?.close()
            self?.openQuestion = nil
            onDismissed?()
        }
        let choices = coordinate(to: picker, animated: animated, onDismissed: left)
        Task.immediate { @MainActor [weak self] in
            while let pet = await choices.next() { self?.askVisitType(for: pet) }
        }
    }

    private func caption(_ pet: Pet) -> String { L("Appointment for {pet}", ["pet": pet.name]) }

    private func askVisitType(for pet: Pet) {
        draft.pet = pet
        draft.visitType = nil
        draft.painLevel = nil
        draft.fakingAnswer = nil
        let prompt: @MainActor @Sendable (Pet) -> String = { L("Is {pet} well or sick?", ["pet": $0.name]) }
        ask(.visitType(pet: pet.id), L("Visit type"), for: pet, prompt) { (flow, visitType: VisitType) in
            flow.draft.visitType = visitType
            switch visitType {
            case .well: flow.showNoAppointmentRequired(for: pet)
            case .sick: flow.askPainLevel(for: pet)
            }
        }
    }

    private func askPainLevel(for pet: Pet) {
        let prompt: @MainActor @Sendable (Pet) -> String = { L("How much pain is {pet} in?", ["pet": $0.name]) }
        ask(.painLevel(pet: pet.id), L("Pain level"), for: pet, prompt) { (flow, level: PainLevel) in
            flow.draft.painLevel = level
            if level.mightBeFaking { flow.askFakingIt(for: pet) } else { flow.showNoAppointmentRequired(for: pet) }
        }
    }

    private func askFakingIt(for pet: Pet) {
        let prompt: @MainActor @Sendable (Pet) -> String = {
            L("Pets sometimes fake it for attention. Could {pet} be faking it?", ["pet": $0.name])
        }
        ask(.fakingIt(pet: pet.id), L("Faking it?"), for: pet, prompt) { (flow, answer: FakingAnswer) in
            flow.draft.fakingAnswer = answer
            switch answer {
            case .fake: flow.record(.fakingIt)
            case .notFake: flow.showNoAppointmentRequired(for: pet)
            }
        }
    }

    /// Presents one question about `pet` (its prompt follows a rename) and hands the answer to
    /// `answered` while the page is shown.
    private func ask<Answer: ChoiceOption>(
        _ route: AppRoute, _ title: String, for pet: Pet, _ prompt: @escaping @MainActor @Sendable (Pet) -> String,
        _ answered: @escaping @MainActor (AppointmentRequestCoordinator, Answer) -> Void
    ) {
        let model = TypedChoiceModel<Answer>(title: title, caption: caption(pet), prompt: prompt(pet))
        let id = router.present(route, model: model, animated: true, onDismissed: nil)
        labels.add(page: id, pet: pet.id) { [weak self, weak model] pet in
            if let self { model?.update(caption: self.caption(pet), prompt: prompt(pet)) }
        }
        model.onSelect = whenShown(id, model, value: Answer.self, named: "answer") { flow, _, answer in
            answered(flow, answer)
        }
    }

    private func showNoAppointmentRequired(for pet: Pet) {
        func message(_ pet: Pet) -> String {
            L("No appointment required. Keep an eye on {pet} and call us if anything changes.", ["pet": pet.name])
        }
        let model = MessageModel(
            title: L("No appointment required"), caption: caption(pet), message: message(pet), actionTitle: L("Okay"))
        let id = router.present(.noAppointmentRequired(pet: pet.id), model: model, animated: true, onDismissed: nil)
        labels.add(page: id, pet: pet.id) { [weak self, weak model] pet in
            if let self { model?.update(caption: self.caption(pet), message: message(pet)) }
        }
        model.onAction = whenShown(id, model, named: "done") { flow, _ in flow.record(.noAppointmentRequired) }
    }

    /// Stores the finished appointment request and finishes the flow (the dialog closes, without
    /// asking: nothing is left to lose). If it cannot be saved, the dialog stays open with the
    /// answers and the user is told why.
    private func record(_ outcome: AppointmentOutcome) {
        if let request = draft.finished(outcome: outcome) {
            do { try data.record(request) } catch {
                feedback.showNotice(error.userMessage)
                return
            }
        }
        finish(animated: true)
    }
}
