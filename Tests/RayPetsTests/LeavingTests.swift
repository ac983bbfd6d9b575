import Navigation
import NavigationTesting
import RayPets
import Testing

@MainActor
@Suite("Leaving work unsaved: the editor and the appointment request ask first")
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

    @Test("Back with changes asks; Keep editing keeps the page and the text")
    func keepEditing() async {
        let app = await editRex()
        let before = app.clinicHost.pages
        app.tapBack()
        await app.settle()
        #expect(app.question?.title == "Discard changes?")
        #expect(app.question?.answers == [.keepEditing, .discard, .save], "Save is offered: the form is valid")
        #expect(app.clinicHost.pages == before, "nothing changed while asking")
        await app.answer(.keepEditing)
        #expect(app.question == nil && app.clinicHost.pages == before)
        #expect(app.model(PetEditorModel.self).draft.name == "Rexy")
        #expect(app.data.pet(id: "rex")?.name == "Rex")
    }

    @Test("Discard leaves and saves nothing; the editor's flow ends once")
    func discard() async {
        let app = await editRex()
        app.tapBack()
        await app.settle()
        await app.answer(.discard)
        #expect(app.clinicHost.topRoute == .petDetail("rex"))
        #expect(app.data.pet(id: "rex")?.name == "Rex")
        #expect(!app.live.liveTypeNames.contains { $0.hasPrefix("PetEditor") }, "\(app.live.liveTypeNames)")
    }

    @Test("Save saves, then leaves")
    func save() async {
        let app = await editRex()
        app.tapBack()
        await app.settle()
        await app.answer(.save)
        #expect(app.data.pet(id: "rex")?.name == "Rexy")
        #expect(app.clinicHost.topRoute == .petDetail("rex"))
        #expect(app.clinicHost.title == "Rexy")
    }

    @Test("Save is not offered while a rule is broken")
    func noSaveWhenInvalid() async {
        let app = await editRex(typing: "")
        app.tapBack()
        await app.settle()
        #expect(app.question?.answers == [.keepEditing, .discard])
    }

    @Test("a link that would replace the editor's stack asks; Keep editing does not open it")
    func linkAsks() async throws {
        let app = await editRex()
        let link = try DeepLink.parse("raypets://clinic/pets/whiskers", findPet: app.data.pet(named:))
        let opened = Task.immediate { await app.app.open(link) }
        await app.settle()
        #expect(app.question != nil)
        await app.answer(.keepEditing)
        #expect(await opened.value == false)
        #expect(app.clinicHost.topRoute == .editPet("rex"))
        let again = Task.immediate { await app.app.open(link) }
        await app.settle()
        await app.answer(.discard)
        #expect(await again.value == true)
        #expect(app.clinicHost.pages.map(\.route) == [.home, .pets, .petDetail("whiskers")])
    }

    @Test("deleting the pet while the question is open closes the question and the editor")
    func deleteWhileAsking() async throws {
        let app = await editRex()
        app.tapBack()
        await app.settle()
        #expect(app.question != nil)
        try app.data.delete("rex")
        await app.settle()
        #expect(app.question == nil, "the question was moot: the alert closed")
        #expect(app.clinicHost.pages.map(\.route) == [.home, .pets])
    }

    @Test(
        "Back's history to Home asks once; the pet deleted meanwhile closes the question, and Home is still where it goes"
    )
    func backHistoryThenDelete() async throws {
        let app = await editRex()
        app.clinicHost.chooseInBackHistory(app.clinicHost.pages[0].id)
        await app.settle()
        #expect(app.question != nil)
        #expect(app.clinicHost.pages.map(\.route) == [.home, .pets, .petDetail("rex"), .editPet("rex")])
        try app.data.delete("rex")
        await app.settle()
        #expect(app.question == nil, "the question was moot: the alert closed")
        #expect(app.clinicHost.pages.map(\.route) == [.home], "the destination is still wanted")
    }

    @Test("Back's history to Home with changes: Discard lands on Home in one step")
    func backHistoryDiscard() async {
        let app = await editRex()
        app.clinicHost.chooseInBackHistory(app.clinicHost.pages[0].id)
        await app.settle()
        #expect(app.question != nil)
        await app.answer(.discard)
        #expect(app.clinicHost.pages.map(\.route) == [.home])
        #expect(app.data.pet(id: "rex")?.name == "Rex", "nothing saved")
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

    @Test("the appointment request asks on Cancel once a question is answered; Keep editing keeps every answer")
    func appointmentRequestKeeps() async {
        let app = await appointmentRequest()
        app.pick(VisitType.sick)
        let before = app.dialogHost.pages
        await app.tapCancel()
        #expect(app.question?.title == "Discard answers?")
        #expect(app.question?.answers == [.keepEditing, .discard], "nothing to save before the end")
        #expect(app.dialogHost.pages == before)
        await app.answer(.keepEditing)
        #expect(app.question == nil && app.dialogHost.pages == before)
        #expect(app.dialogRouter.routes == [.petPicker, .visitType(pet: "rex"), .painLevel(pet: "rex")])
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
        #expect(restored.hasChanges, "still unsaved: leaving asks")
        #expect(second.data.pet(id: "rex")?.name == "Rex", "nothing was saved by quitting")
        #expect(second.app.services.questions.shelvedDraft == nil)
        second.tapBack()
        await second.settle()
        #expect(second.question?.subject == .changes)
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
