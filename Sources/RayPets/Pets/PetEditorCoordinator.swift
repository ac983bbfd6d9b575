import Navigation

/// The pet editor as a flow of one page, wherever its parent shows it (pushed on My pets, or
/// inside the appointment dialog): a new pet, or an existing pet's fields. It sends the saved
/// pet and ends. Leaving it any other way with changes loses nothing and asks nothing: the
/// page is kept for Forward, with a toast ("Changes to Rex kept", *Undo* brings it back), and
/// if it is dropped from there its changes are shelved (`Questions.drafts`) for the next
/// editor of that pet, which offers them. Only closing the window, or deleting the pet from
/// another window, asks ("Discard changes?", with *Save* when the fields are valid): nothing
/// brings those pages back.
@MainActor
public final class PetEditorCoordinator: FlowCoordinator<AppRoute>, ResultCoordinator {
    /// Sends the saved pet.
    public let results = ResultChannel<Pet>()
    private let data: ClinicData
    private let questions: Questions
    private let pet: Pet?
    /// The editor's model while its page is shown.
    public private(set) weak var model: PetEditorModel?
    /// The question its leave guard has open: closed at once if the page leaves meanwhile.
    private var openQuestion: Questions.DiscardQuestion?

    /// An editor for a new pet (`pet: nil`) or for `pet`, shown through `router`, saving into
    /// `data`, asking through `questions` before changes are discarded. If `questions` holds a
    /// draft kept for this editor when the app quit, the fields start as that draft, with the
    /// cursor in the field the user was in, and its Save is checked against the pet as that
    /// draft's editor had read it (`EditorDraft.base`): a pet saved differently since, before
    /// the quit or after it, is a conflict, as it would have been without the quit.
    public init(router: any Router<AppRoute>, data: ClinicData, questions: Questions, pet: Pet?) {
        self.data = data
        self.questions = questions
        self.pet = pet
        super.init(router: router)
        leaveGuard = { [weak self] request in
            guard let self, let model = self.model, model.hasChanges else { return .leave }
            // Asked where nothing could bring the page back: its window closing, its pet being
            // deleted (from another window, which waits for the answer).
            let deleting = self.pet.map { self.questions.petsBeingDeleted[$0.id] != nil } ?? false
            guard questions.isClosingWindow || deleting else {
                self.sayKept(request)
                return .keep
            }
            return .ask { [weak self, weak model] in
                // Only the question is held while it is open: not this flow, not its page's model.
                guard let canSave = model?.canSave, let question = self?.askToDiscard(canSave: canSave) else {
                    return true
                }
                self?.openQuestion = question
                let answer = await question.answer()
                self?.openQuestion = nil
                return self?.mayLeave(after: answer) ?? true
            }
        }
    }

    /// Tells the user the editor is kept for Forward ("Changes to Rex kept", *Undo* brings it
    /// back), unless the change is a link's (the page ends: its changes wait on the shelf) or
    /// a restored state's.
    private func sayKept(_ request: LeaveRequest<AppRoute>) {
        guard request.reason != .link, !questions.isRestoring,
            let page = router.pages.last(where: { $0.model === model })?.id
        else { return }
        let text = pet.map { L("Changes to {pet} kept", ["pet": $0.name]) } ?? L("New pet kept")
        // The toast holds its action while it shows: the page's id, not the page (its model).
        questions.feedback?.showToast(text, actionTitle: L("Undo")) { [weak router] in
            _ = router?.goForward(to: page, animated: true)
        }
    }

    /// "Discard changes?" — about a pet another window is deleting, if it is (then without
    /// *Save*: the pet is going).
    private func askToDiscard(canSave: Bool) -> Questions.DiscardQuestion {
        let deleting = pet.map { questions.petsBeingDeleted[$0.id] != nil } ?? false
        return questions.askToDiscard(deleting ? .changesToDeletedPet : .changes, canSave: canSave && !deleting)
    }

    /// Shows the editor; `onDismissed` runs when it leaves.
    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let route: AppRoute = pet.map { .editPet($0.id) } ?? .addPet
        // The same page kept ahead with changes (Back, then Edit again): they move here, so
        // this editor opens as that one was. Else the oldest changes shelved for this page.
        let shelved: EditorDraft?
        if let ahead = router.forwardPages.last(where: { $0.route == route })?.model as? PetEditorModel,
            ahead.hasChanges
        {
            shelved = EditorDraft(
                tab: nil, route: route, fields: ahead.draft, focus: ahead.focusedField, base: ahead.base)
            ahead.discardChanges()
        } else {
            shelved = questions.takeDraft(for: route)
        }
        let model = PetEditorModel(pet: pet, data: data, draft: shelved?.fields, base: shelved?.base)
        model.focusedField = shelved?.focus
        self.model = model
        // The page gone (its pet deleted) makes an open question moot: it closes now, before
        // the router does anything else.
        // Holds the model until the page ends (the router drops this closure then): its page
        // may be freed before the closure runs.
        let left: @MainActor () -> Void = { [weak self, model] in
            self?.openQuestion?.close()
            self?.openQuestion = nil
            // Ended with changes (dropped from forward history, a link): they wait for the
            // pet's next editor. *Discard* on closing the window reverted them first.
            if let self, model.hasChanges {
                self.questions.shelve(
                    EditorDraft(
                        tab: nil, route: route, fields: model.draft, focus: model.focusedField, base: model.base))
            }
            onDismissed?()
        }
        let id = router.present(route, model: model, animated: animated, onDismissed: left)
        model.onEdited = { [weak self] in self?.recordIntent("changed", page: id) }
        model.onSave = { [weak self] (draft: PetDraft) throws(StoreError) in
            guard let self, self.router.isShown(id) else { return }
            self.recordIntent("save", page: id)
            try self.commit(draft)
            self.finish(animated: true)  // saved: nothing to lose, the guard is not asked
        }
    }

    /// Saves `draft`, marks it saved and sends the pet. A save over a pet saved differently
    /// since the editor read it (`PetEditorModel.base`: in another window, or before a
    /// quit) is refused once, with the error; the editor then reads the pet, and the next Save
    /// goes through.
    private func commit(_ draft: PetDraft) throws(StoreError) {
        let saved: Pet
        if let pet {
            do {
                saved = try data.update(pet.id, with: draft, base: model?.base ?? pet)
                model?.base = saved
            } catch {
                if error.kind == .changedElsewhere { model?.base = data.pet(id: pet.id) }  // seen: Save again saves
                throw error
            }
        } else {
            saved = try data.add(draft)
        }
        model?.markSaved()
        results.send(saved)
    }

    /// Whether the editor may leave after "Discard changes?" was answered `answer`. *Save*
    /// saves first; if that fails (a rule broken, the disk full) the editor stays with the error.
    private func mayLeave(after answer: DiscardAnswer) -> Bool {
        switch answer {
        case .discard:
            model?.discardChanges()
            return true
        case .keepEditing: return false
        case .save:
            guard let model else { return true }
            model.saveWithoutLeaving { draft throws(StoreError) in try self.commit(draft) }
            return !model.hasChanges
        }
    }
}
