import Navigation

/// The appointment questionnaire, in a modal dialog. It starts with "Which pet?" (a child
/// `PetPickerCoordinator` whose result it awaits), then the chapter's steps, each saying
/// which pet the appointment is for:
///
///     Which pet? ─► visit type ── Well ─────────────────────────────► No appointment required ─ Okay ─► done
///                       └── Sick ─► pain level ── Moderate and up ──►        ▲
///                                      └── None / A little ─► Faking it? ─ It's not fake ┘
///                                                                 └── It's fake ─► done
///
/// A `PetAppointmentBuilder` collects the answers; a finished questionnaire is recorded in
/// the `AppointmentLog`. Cancel or closing the dialog discards the answers. Back to "Which
/// pet?" and another choice starts the questions again for that pet.
@MainActor
public final class PetAppointmentBuilderCoordinator: FlowCoordinator<AppRoute> {
    /// The answers so far.
    public let builder = PetAppointmentBuilder()
    private let pets: any PetStore
    private let log: AppointmentLog

    /// A questionnaire shown through `router` (a `ModalRouter`), over `pets`, recording into `log`.
    public init(router: any Router<AppRoute>, pets: any PetStore, log: AppointmentLog) {
        self.pets = pets
        self.log = log
        super.init(router: router)
    }

    /// Opens the dialog on "Which pet?"; `onDismissed` runs when the dialog closes.
    ///
    /// The picker is presented synchronously (`Task.immediate` runs up to the first `await`),
    /// so the dialog is open when this returns.
    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let picker = PetPickerCoordinator(router: router, store: pets)
        Task.immediate { @MainActor [weak self] in
            var choice = await self?.coordinate(to: picker, animated: animated, onDismissed: onDismissed)
            while let pet = choice, let self {
                self.askVisitType(for: pet)
                choice = await picker.results.next()  // the user came back to "Which pet?" and chose again
            }
        }
    }

    private func caption(_ pet: Pet) -> String { L("Appointment for {pet}", ["pet": pet.name]) }

    private func askVisitType(for pet: Pet) {
        builder.pet = pet
        builder.visitType = nil
        builder.painLevel = nil
        builder.fakingAnswer = nil
        let model = ChoiceViewModel<VisitType>(
            title: L("Visit type"), caption: caption(pet), prompt: L("Is {pet} well or sick?", ["pet": pet.name]))
        let id = router.present(.visitType(pet: pet.id), model: model, animated: true, onDismissed: nil)
        model.onSelect = whenVisible(id) { flow, visitType in
            flow.builder.visitType = visitType
            switch visitType {
            case .well: flow.showNoAppointmentRequired(for: pet)
            case .sick: flow.askPainLevel(for: pet)
            }
        }
    }

    private func askPainLevel(for pet: Pet) {
        let model = ChoiceViewModel<PainLevel>(
            title: L("Pain level"), caption: caption(pet), prompt: L("How much pain is {pet} in?", ["pet": pet.name]))
        let id = router.present(.painLevel(pet: pet.id), model: model, animated: true, onDismissed: nil)
        model.onSelect = whenVisible(id) { flow, level in
            flow.builder.painLevel = level
            if level.mightBeFaking { flow.askFakingIt(for: pet) } else { flow.showNoAppointmentRequired(for: pet) }
        }
    }

    private func askFakingIt(for pet: Pet) {
        let model = ChoiceViewModel<FakingAnswer>(
            title: L("Faking it?"), caption: caption(pet),
            prompt: L("Pets sometimes fake it for attention. Could {pet} be faking it?", ["pet": pet.name]))
        let id = router.present(.fakingIt(pet: pet.id), model: model, animated: true, onDismissed: nil)
        model.onSelect = whenVisible(id) { flow, answer in
            flow.builder.fakingAnswer = answer
            switch answer {
            case .fake: flow.finish(.fakingIt)
            case .notFake: flow.showNoAppointmentRequired(for: pet)
            }
        }
    }

    private func showNoAppointmentRequired(for pet: Pet) {
        let model = MessageViewModel(
            title: L("No appointment required"), caption: caption(pet),
            message: L(
                "No appointment required. Keep an eye on {pet} and call us if anything changes.", ["pet": pet.name]),
            actionTitle: L("Okay"))
        let id = router.present(.noAppointmentRequired(pet: pet.id), model: model, animated: true, onDismissed: nil)
        model.onAction = whenVisible(id) { flow in flow.finish(.noAppointmentRequired) }
    }

    /// Records the finished questionnaire and dismisses the flow (the dialog closes).
    private func finish(_ outcome: AppointmentOutcome) {
        if let request = builder.build(outcome: outcome) { log.record(request) }
        dismiss(animated: true)
    }
}
