import Navigation
import NavigationTesting
import RayPets
import Testing

@MainActor
@Suite("Leaving work unsaved: kept for Forward, shelved, asked only when the window closes")
struct LeavingTests {
    /// My pets -> Rex -> Edit, with `name` typed.
    private func editRex(typing name: String? = "Rexy") async -> AppHarness {
        let app = AppHarness()
        app.tapMyPets()
        await app.choosePet(at: 0)
        app.model(PetDetailsModel.self).edit()
        if let name { app.model(PetEditorModel.self).set(.name, to: name) }
        return app
    }

    @Test("an editor without changes leaves at once, without asking")
    func noChangesNoQuestion() async {
        let app = await editRex(typing: nil)
        app.tapBack()
        #expect(app.question == nil)
        #expect(app.clinicHost.topRoute == .petDetail("rex"))
    }

    @Test("Back with changes asks nothing: the editor is kept with its text, and Forward brings the same page back")
    func backKeeps() async {
        let app = await editRex()
        let before = app.clinicHost.pages
        app.model(PetEditorModel.self).focusedField = .notes
        app.tapBack()
        await app.settle()
        #expect(app.question == nil, "no question")
        #expect(app.clinicHost.topRoute == .petDetail("rex"))
        #expect(app.clinicHost.forwardPages.map(\.route) == [.editPet("rex")])
        #expect(app.feedback.toasts == ["Changes to Rex kept"])
        app.tapForward()
        #expect(app.clinicHost.pages == before, "the same page, id and all")
        #expect(app.model(PetEditorModel.self).draft.name == "Rexy")
        #expect(app.model(PetEditorModel.self).focusedField == .notes)
        #expect(app.data.pet(id: "rex")?.name == "Rex", "nothing saved")
    }

    @Test("the toast's Undo brings the kept editor back; once the page is gone it does nothing")
    func toastUndo() async {
        let app = await editRex()
        let before = app.clinicHost.pages
        app.tapBack()
        app.step { app.feedback.performToastAction() }
        #expect(app.clinicHost.pages == before)
        #expect(app.model(PetEditorModel.self).draft.name == "Rexy")
        app.tapBack()
        app.tapBack()  // My pets
        await app.choosePet(at: 1)  // a new page: Rex's pages ahead are dropped
        #expect(app.clinicHost.forwardPages.isEmpty)
        app.step { app.feedback.performToastAction() }
        #expect(app.clinicHost.topRoute == .petDetail(ClinicDatabase.samplePets[1].id), "nothing came back")
    }

    @Test(
        "a kept editor dropped by a new page shelves its changes; Rex's editor offers them, and Discard changes drops them"
    )
    func droppedEditorOffersItsChanges() async {
        let app = await editRex()
        app.model(PetEditorModel.self).focusedField = .name
        app.tapBack()
        app.tapBack()  // My pets; Rex's page and editor ahead
        await app.choosePet(at: 0)  // Rex again: a new page, the kept ones go
        #expect(app.clinicHost.forwardPages.isEmpty)
        #expect(app.services.questions.drafts.map(\.route) == [.editPet("rex")])
        #expect(!app.live.liveTypeNames.contains { $0.hasPrefix("PetEditorCoordinator") }, "\(app.live.liveTypeNames)")
        app.model(PetDetailsModel.self).edit()
        let editor = app.model(PetEditorModel.self)
        #expect(editor.draft.name == "Rexy" && editor.offersDiscard && editor.focusedField == .name)
        #expect(app.services.questions.drafts.isEmpty, "taken by the editor")
        editor.discardChanges()
        #expect(editor.draft.name == "Rex" && !editor.hasChanges && !editor.offersDiscard)
        app.tapBack()
        #expect(app.feedback.toasts == ["Changes to Rex kept"], "no changes left: no second toast")
    }

    @Test("closing the window with changes asks; Keep editing keeps the page and the text")
    func windowCloseKeepEditing() async {
        let app = await editRex()
        let before = app.clinicHost.pages
        let closing = app.requestWindowClose()
        await app.settle()
        #expect(app.question?.title == "Discard changes?")
        #expect(app.question?.answers == [.keepEditing, .discard, .save], "Save is offered: the form is valid")
        #expect(app.clinicHost.pages == before, "nothing changed while asking")
        await app.answer(.keepEditing)
        #expect(await closing.value == false)
        #expect(app.question == nil && app.clinicHost.pages == before)
        #expect(app.model(PetEditorModel.self).draft.name == "Rexy")
        #expect(app.data.pet(id: "rex")?.name == "Rex")
    }

    @Test("closing the window, Discard leaves and saves nothing, shelves nothing; the editor's flow ends once")
    func discard() async {
        let app = await editRex()
        let closing = app.requestWindowClose()
        await app.settle()
        await app.answer(.discard)
        #expect(await closing.value)
        #expect(app.data.pet(id: "rex")?.name == "Rex")
        #expect(app.services.questions.drafts.isEmpty, "discarded means discarded")
        #expect(!app.live.liveTypeNames.contains { $0.hasPrefix("PetEditor") }, "\(app.live.liveTypeNames)")
    }

    @Test("closing the window, Save saves, then leaves")
    func save() async {
        let app = await editRex()
        let closing = app.requestWindowClose()
        await app.settle()
        await app.answer(.save)
        #expect(await closing.value)
        #expect(app.data.pet(id: "rex")?.name == "Rexy")
    }

    @Test("Save is not offered while a rule is broken")
    func noSaveWhenInvalid() async {
        let app = await editRex(typing: "")
        let closing = app.requestWindowClose()
        await app.settle()
        #expect(app.question?.answers == [.keepEditing, .discard])
        await app.answer(.keepEditing)
        #expect(await closing.value == false, "Keep editing keeps the window")
    }

    @Test("a link that replaces the editor's stack asks nothing; the changes wait for Rex's next editor")
    func linkShelves() async throws {
        let app = await editRex()
        let link = try DeepLink.parse("raypets://clinic/pets/whiskers", findPet: app.data.pet(named:))
        #expect(await app.app.open(link))
        #expect(app.question == nil)
        #expect(app.clinicHost.pages.map(\.route) == [.home, .pets, .petDetail("whiskers")])
        #expect(app.feedback.toasts.isEmpty, "nothing to undo: the page ended")
        #expect(app.services.questions.drafts.map(\.fields.name) == ["Rexy"])
    }

    @Test("deleting the pet while the window's question is open closes the question and the editor")
    func deleteWhileAsking() async throws {
        let app = await editRex()
        let closing = app.requestWindowClose()
        await app.settle()
        #expect(app.question != nil)
        try app.data.delete("rex")
        await app.settle()
        #expect(app.question == nil, "the question was moot: the alert closed")
        #expect(await closing.value, "the page it asked about gone, the close goes on: nothing else asks")
    }

    @Test("Back's history to Home keeps every page for Forward; the pet deleted meanwhile takes its pages out")
    func backHistoryThenDelete() async throws {
        let app = await editRex()
        app.clinicHost.chooseInBackHistory(app.clinicHost.pages[0].id)
        await app.settle()
        #expect(app.question == nil)
        #expect(app.clinicHost.pages.map(\.route) == [.home])
        #expect(app.clinicHost.forwardPages.map(\.route) == [.pets, .petDetail("rex"), .editPet("rex")])
        try app.data.delete("rex")
        await app.settle()
        #expect(app.clinicHost.forwardPages.map(\.route) == [.pets], "the pet's pages went with it")
        #expect(app.data.pet(id: "rex") == nil)
    }

    @Test("a link to another tab leaves the editor's stack alone: no question")
    func linkToOtherTab() async throws {
        let app = await editRex()
        #expect(await app.app.open(try DeepLink.parse("raypets://learn/how-to-code/2", findPet: app.data.pet(named:))))
        #expect(app.question == nil)
        #expect(app.clinicHost.topRoute == .editPet("rex"))
    }

    @Test("switching tabs with changes never asks; both stacks stay")
    func tabSwitch() async {
        let app = await editRex()
        app.tapTab(.learn)
        app.tapTab(.clinic)
        #expect(app.question == nil)
        #expect(app.clinicHost.topRoute == .editPet("rex"))
        #expect(app.model(PetEditorModel.self).draft.name == "Rexy")
    }

    /// The appointment dialog, with Rex chosen (on "Visit type") unless `choose` is false.
    private func appointmentRequest(choose: Bool = true) async -> AppHarness {
        let app = AppHarness()
        app.tapSchedule()
        await app.settle()
        if choose { await app.choosePet(at: 0) }
        return app
    }

    @Test("the appointment request asks nothing on Cancel: the dialog is kept, and Undo brings every answer back")
    func appointmentRequestKeeps() async {
        let app = await appointmentRequest()
        app.pick(VisitType.sick)
        let before = app.dialogHost.pages
        await app.tapCancel()
        #expect(app.question == nil && !app.dialogRouter.isOpen)
        #expect(app.feedback.toasts == ["Appointment request kept"])
        app.step { app.feedback.performToastAction() }
        #expect(app.dialogHost.pages == before)
        #expect(app.dialogRouter.routes == [.petPicker, .visitType(pet: "rex"), .painLevel(pet: "rex")])
    }

    @Test("closing the window with answers given asks; Keep editing keeps every answer")
    func appointmentRequestAsksOnWindowClose() async {
        let app = await appointmentRequest()
        app.pick(VisitType.sick)
        let before = app.dialogHost.pages
        let closing = app.requestWindowClose()
        await app.settle()
        #expect(app.question?.title == "Discard answers?")
        #expect(app.question?.answers == [.keepEditing, .discard], "nothing to save before the end")
        await app.answer(.keepEditing)
        #expect(await closing.value == false)
        #expect(app.question == nil && app.dialogHost.pages == before)
    }

    @Test("Discard closes the dialog and stores nothing")
    func appointmentRequestDiscards() async {
        let app = await appointmentRequest()
        app.pick(VisitType.sick)
        await app.closeDialogWindow()
        await app.answer(.discard)
        #expect(!app.dialogRouter.isOpen)
        #expect(app.requests.isEmpty)
        #expect(!app.live.liveTypeNames.contains { $0.hasPrefix("PetAppointment") }, "\(app.live.liveTypeNames)")
    }

    @Test("no question before a question is answered (a pet chosen is one click), nor after Back took the answer back")
    func appointmentRequestWithoutAnswers() async {
        let unchosen = await appointmentRequest(choose: false)
        await unchosen.tapCancel()
        #expect(unchosen.question == nil && !unchosen.dialogRouter.isOpen)

        let chosen = await appointmentRequest()
        #expect(chosen.dialogRouter.routes == [.petPicker, .visitType(pet: "rex")])
        await chosen.tapCancel()
        #expect(chosen.question == nil && !chosen.dialogRouter.isOpen, "only the pet chosen: nothing to ask")

        let answeredThenBack = await appointmentRequest()
        answeredThenBack.pick(VisitType.sick)
        answeredThenBack.tapBack()
        await answeredThenBack.settle()
        #expect(answeredThenBack.question == nil && answeredThenBack.dialogRouter.routes.count == 2)
        await answeredThenBack.tapCancel()
        #expect(answeredThenBack.question == nil && !answeredThenBack.dialogRouter.isOpen)

        let app = await appointmentRequest()
        app.tapBack()
        await app.settle()
        #expect(app.question == nil, "Back inside the flow never asks")
        #expect(app.dialogRouter.routes == [.petPicker])
        await app.tapCancel()
        #expect(app.question == nil && !app.dialogRouter.isOpen)
    }

    @Test("a finished appointment request is stored and closes without asking")
    func appointmentRequestFinished() async {
        let app = await appointmentRequest()
        app.pick(VisitType.well)
        app.tapAction()
        await app.settle()
        #expect(app.question == nil && !app.dialogRouter.isOpen)
        #expect(app.requests.count == 1)
    }
}

@MainActor
@Suite("Drafts survive a quit")
struct DraftTests {
    @Test("the editor's typed fields and cursor field are saved with the state and come back")
    func draftRoundTrip() async throws {
        let first = AppHarness()
        first.tapMyPets()
        await first.choosePet(at: 0)
        first.model(PetDetailsModel.self).edit()
        let editor = first.model(PetEditorModel.self)
        editor.set(.name, to: "Rexy = the best\nreally")
        editor.focusedField = .age
        let state = first.app.navigationState
        #expect(state.draft?.fields.name == "Rexy = the best\nreally")
        #expect(state.draft?.route == .editPet("rex") && state.draft?.tab == .clinic && state.draft?.focus == .age)
        let decoded = try NavigationState(decoding: state.encoded)
        #expect(decoded == state, "the draft survives the file format (newline, '=')")

        let second = AppHarness()
        #expect(await second.app.restore(decoded))
        #expect(second.clinicHost.pages.map(\.route) == [.home, .pets, .petDetail("rex"), .editPet("rex")])
        let restored = second.model(PetEditorModel.self)
        #expect(restored.draft.name == "Rexy = the best\nreally")
        #expect(restored.focusedField == .age)
        #expect(restored.hasChanges && restored.offersDiscard, "still unsaved, and the page says so")
        #expect(second.data.pet(id: "rex")?.name == "Rex", "nothing was saved by quitting")
        #expect(second.app.services.questions.drafts.isEmpty, "the editor took its draft")
        second.tapBack()
        await second.settle()
        #expect(second.question == nil, "Back asks nothing")
        #expect(second.tabs.router(for: .clinic).forwardPages.map(\.route) == [.editPet("rex")], "kept for Forward")
    }

    @Test("an editor without changes saves no draft; a file without a draft loads")
    func noDraft() async throws {
        let app = AppHarness()
        app.tapMyPets()
        app.model(PetListModel.self).add()
        #expect(app.app.navigationState.draft == nil)
        let old = "version=1\ntab=clinic\nclinic=home,pets\nlearn=learn\ndialog=\n"
        #expect(try NavigationState(decoding: old).draft == nil, "a state saved before drafts still loads")
        #expect(throws: NavigationState.DecodingError.self) {
            try NavigationState(decoding: old + "draft-in=clinic\ndraft-page=add-pet\n")
        }
    }
}

@MainActor
@Suite("Forward and the shelf survive a quit")
struct ForwardAcrossQuitTests {
    /// The state `app` would save on quit, through the file format (`SavedWindows`).
    private func quit(_ app: AppHarness) throws -> SavedWindows {
        try SavedWindows(decoding: SavedWindows(windows: [app.app.navigationState]).encoded)
    }

    @Test("an editor kept for Forward comes back after a restart: ahead of Rex's page, with what was typed")
    func keptEditorRestored() async throws {
        let first = AppHarness()
        first.tapMyPets()
        await first.choosePet(at: 0)
        first.model(PetDetailsModel.self).edit()
        first.model(PetEditorModel.self).set(.notes, to: "Likes walks")
        first.model(PetEditorModel.self).focusedField = .notes
        first.tapBack()
        let saved = try quit(first)
        #expect(saved.windows[0].forward == [.clinic: [.editPet("rex")]])
        #expect(saved.windows[0].drafts.map(\.fields.notes) == ["Likes walks"])

        let second = AppHarness()
        #expect(await second.app.restore(saved.windows[0]))
        #expect(second.clinicHost.pages.map(\.route) == [.home, .pets, .petDetail("rex")])
        #expect(second.clinicHost.forwardPages.map(\.route) == [.editPet("rex")])
        #expect(second.feedback.toasts.isEmpty, "restoring is not news: no toast")
        #expect(second.services.questions.drafts.isEmpty, "the kept editor took its draft")
        second.tapForward()
        let editor = second.model(PetEditorModel.self)
        #expect(editor.draft.notes == "Likes walks" && editor.focusedField == .notes && editor.offersDiscard)
        #expect(try quit(second).windows[0] == saved.windows[0].with(forwardOpened: true))
    }

    @Test("a kept editor dropped by a new page: its changes, on the shelf, are still offered after a restart")
    func shelfRestored() async throws {
        let first = AppHarness()
        first.tapMyPets()
        await first.choosePet(at: 0)
        first.model(PetDetailsModel.self).edit()
        first.model(PetEditorModel.self).set(.name, to: "Rexy")
        first.tapBack()
        first.tapBack()
        await first.choosePet(at: 1)  // a new page: Rex's kept pages go, its changes to the shelf
        let saved = try quit(first)
        #expect(saved.windows[0].forward.isEmpty)
        #expect(saved.windows[0].drafts.map(\.route) == [.editPet("rex")])

        let second = AppHarness()
        #expect(await second.app.restore(saved.windows[0]))
        #expect(second.services.questions.drafts.map(\.fields.name) == ["Rexy"], "still on the shelf")
        second.tapBack()
        await second.choosePet(at: 0)
        second.model(PetDetailsModel.self).edit()
        #expect(second.model(PetEditorModel.self).draft.name == "Rexy")
        #expect(second.model(PetEditorModel.self).offersDiscard)
    }

    @Test("an appointment request kept by Cancel comes back after a restart, each answer with it")
    func keptDialogRestored() async throws {
        let first = AppHarness()
        first.tapSchedule()
        await first.choosePet(at: 0)
        first.pick(VisitType.sick)
        await first.tapCancel()
        let saved = try quit(first)
        #expect(saved.windows[0].dialogForward == [.petPicker, .visitType(pet: "rex"), .painLevel(pet: "rex")])

        let second = AppHarness()
        #expect(await second.app.restore(saved.windows[0]))
        #expect(!second.dialogRouter.isOpen)
        #expect(second.dialogRouter.forwardPages.map(\.route) == saved.windows[0].dialogForward)
        let top = try #require(second.dialogRouter.forwardPages.last?.id)
        second.step { _ = second.dialogRouter.goForward(to: top, animated: false) }
        #expect(second.dialogRouter.routes == saved.windows[0].dialogForward)
    }
}

extension NavigationState {
    /// This state after Forward brought the first kept page of the Clinic tab back.
    fileprivate func with(forwardOpened: Bool) -> NavigationState {
        var state = self
        if let next = state.forward[.clinic]?.first {
            state.stacks[.clinic, default: []].append(next)
            state.forward[.clinic] = nil
        }
        return state
    }
}
