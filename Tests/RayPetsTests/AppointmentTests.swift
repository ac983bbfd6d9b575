import Navigation
import NavigationTesting
import RayPets
import Testing

/// One way through the appointment request: the answers, and the page titles the user sees.
struct Branch: CustomTestStringConvertible, Sendable {
    let name: String
    let visit: VisitType
    let pain: PainLevel?
    let faking: FakingAnswer?
    let titles: [String]
    let outcome: AppointmentOutcome
    var testDescription: String { name }
}

let allBranches: [Branch] = [
    Branch(
        name: "well", visit: .well, pain: nil, faking: nil,
        titles: ["Which pet?", "Visit type", "No appointment required"], outcome: .noAppointmentRequired),
    Branch(
        name: "sick, none, fake", visit: .sick, pain: PainLevel.none, faking: .fake,
        titles: ["Which pet?", "Visit type", "Pain level", "Faking it?"], outcome: .fakingIt),
    Branch(
        name: "sick, a little, fake", visit: .sick, pain: .aLittle, faking: .fake,
        titles: ["Which pet?", "Visit type", "Pain level", "Faking it?"], outcome: .fakingIt),
    Branch(
        name: "sick, none, not fake", visit: .sick, pain: PainLevel.none, faking: .notFake,
        titles: ["Which pet?", "Visit type", "Pain level", "Faking it?", "No appointment required"],
        outcome: .noAppointmentRequired),
    Branch(
        name: "sick, a little, not fake", visit: .sick, pain: .aLittle, faking: .notFake,
        titles: ["Which pet?", "Visit type", "Pain level", "Faking it?", "No appointment required"],
        outcome: .noAppointmentRequired),
    Branch(
        name: "sick, moderate", visit: .sick, pain: .moderate, faking: nil,
        titles: ["Which pet?", "Visit type", "Pain level", "No appointment required"], outcome: .noAppointmentRequired),
    Branch(
        name: "sick, severe", visit: .sick, pain: .severe, faking: nil,
        titles: ["Which pet?", "Visit type", "Pain level", "No appointment required"], outcome: .noAppointmentRequired),
    Branch(
        name: "sick, worst possible", visit: .sick, pain: .worstPossible, faking: nil,
        titles: ["Which pet?", "Visit type", "Pain level", "No appointment required"], outcome: .noAppointmentRequired),
]

@MainActor
extension AppHarness {
    /// Opens the dialog and answers along `branch` for the pet at `petIndex`, stopping
    /// after `pages` pages (all but the last page's action by default). Returns the titles seen.
    @discardableResult
    func answer(_ branch: Branch, petIndex: Int = 0, pages: Int? = nil) async -> [String] {
        tapSchedule()
        var seen = [dialogHost.title!]
        let limit = pages ?? branch.titles.count
        if limit > 1 {
            await choosePet(at: petIndex)
            seen.append(dialogHost.title!)
        }
        let answers: [() -> Void] = [
            { self.pick(branch.visit) }, { self.pick(branch.pain!) }, { self.pick(branch.faking!) },
        ]
        var index = 0
        while seen.count < limit, seen.last != "No appointment required" {
            answers[index]()
            index += 1
            seen.append(dialogHost.title!)
        }
        return seen
    }

    /// The last page's action: Okay, or It's fake.
    func finish(_ branch: Branch) {
        if branch.outcome == .fakingIt { pick(FakingAnswer.fake) } else { tapAction() }
    }
}

@MainActor
@Suite("Appointment request")
struct AppointmentTests {
    @Test(
        "every branch shows its pages in order, records its answers for the chosen pet and closes the dialog",
        arguments: allBranches)
    func branch(_ branch: Branch) async {
        let app = AppHarness()
        let seen = await app.answer(branch, petIndex: 1)
        #expect(seen == branch.titles)
        #expect(app.dialogHost.openCount == 1)
        #expect(app.clinicHost.topRoute == .home, "the dialog is dialog: Home stays underneath")
        #expect(app.home.children.count == 1)
        app.finish(branch)
        await app.settle()
        #expect(!app.dialogHost.isOpen)
        #expect(app.home.children.isEmpty)
        let faking = branch.outcome == .fakingIt ? FakingAnswer.fake : branch.faking
        #expect(
            app.requests == [
                AppointmentRequest(
                    pet: "whiskers", visitType: branch.visit, painLevel: branch.pain,
                    fakingAnswer: faking, outcome: branch.outcome)
            ])
        #expect(app.liveBeyondRoots == 0, "still alive: \(app.live.liveTypeNames)")
    }

    @Test("every page after the picker says which pet the appointment is for")
    func pagesNameThePet() async {
        let app = AppHarness()
        app.tapSchedule()
        #expect(app.dialogHost.topRoute == .petPicker)
        let picker = app.model(PetListModel.self)
        #expect(picker.rows.map(\.title) == ["Rex", "Whiskers", "Clover", "Bubbles"])
        await app.choosePet(at: 0)
        #expect(app.dialogHost.topRoute == .visitType(pet: "rex"))
        #expect(app.model(TypedChoiceModel<VisitType>.self).caption == "Appointment for Rex")
        #expect(app.model(TypedChoiceModel<VisitType>.self).prompt.contains("Rex"))
        app.pick(VisitType.sick)
        #expect(app.model(TypedChoiceModel<PainLevel>.self).caption == "Appointment for Rex")
        app.pick(PainLevel.aLittle)
        #expect(app.model(TypedChoiceModel<FakingAnswer>.self).caption == "Appointment for Rex")
        app.pick(FakingAnswer.notFake)
        #expect(app.model(MessageModel.self).caption == "Appointment for Rex")
        #expect(
            app.dialogHost.pages.map(\.route) == [
                .petPicker, .visitType(pet: "rex"), .painLevel(pet: "rex"), .fakingIt(pet: "rex"),
                .noAppointmentRequired(pet: "rex"),
            ])
    }

    /// Every (branch, page) pair: the page a user could be on when they leave.
    nonisolated static let stops: [(Int, Int)] = allBranches.indices.flatMap { b in
        (1...allBranches[b].titles.count).map { (b, $0) }
    }

    @Test(
        "Cancel on any page keeps the answers once a question is answered: Undo opens the dialog again as it was",
        arguments: stops)
    func cancelAnywhere(branchIndex: Int, pages: Int) async {
        let app = AppHarness()
        await app.answer(allBranches[branchIndex], pages: pages)
        #expect(app.dialogHost.isOpen)
        let before = app.dialogHost.pages.map(\.id)  // not the pages: the test must not hold them
        await app.tapCancel()
        #expect(app.question == nil, "Cancel asks nothing")
        #expect(!app.dialogHost.isOpen)
        if pages > 2 {
            #expect(app.feedback.toasts.last == "Appointment request kept")
            #expect(app.dialogRouter.forwardPages.map(\.id) == before, "every page kept, as it was")
            app.step { app.feedback.performToastAction() }
            #expect(app.dialogHost.pages.map(\.id) == before, "Undo: the same pages, answers and all")
            await app.tapCancel()
            app.dropForward()  // as a new request, or the window closing, does
        } else {
            #expect(app.dialogRouter.forwardPages.isEmpty && app.feedback.toasts.isEmpty, "nothing to keep")
        }
        #expect(app.question == nil)
        #expect(!app.dialogHost.isOpen)
        #expect(app.home.children.isEmpty)
        #expect(app.requests.isEmpty)
        #expect(app.dialogRouter.pendingDismissHandlers == 0)
        #expect(app.liveBeyondRoots == 0, "still alive: \(app.live.liveTypeNames)")
    }

    @Test("closing the dialog window on any page ends the flow and discards the answers", arguments: stops)
    func closeAnywhere(branchIndex: Int, pages: Int) async {
        let app = AppHarness()
        await app.answer(allBranches[branchIndex], pages: pages)
        await app.closeDialogWindow()
        #expect(app.home.children.isEmpty)
        #expect(app.requests.isEmpty)
        #expect(app.liveBeyondRoots == 0, "still alive: \(app.live.liveTypeNames)")
    }

    @Test("Back walks back to the picker, and another pet starts the questions again for that pet")
    func backAndChangeAnswers() async {
        let app = AppHarness()
        await app.answer(allBranches[3])  // Rex: sick, none, not fake -> No appointment required
        app.tapBack()
        #expect(app.dialogHost.title == "Faking it?")
        app.tapBack()
        app.pick(PainLevel.severe)
        #expect(app.dialogHost.pages.map(\.route).last == .noAppointmentRequired(pet: "rex"))
        app.tapBack()
        app.tapBack()
        app.tapBack()
        #expect(app.dialogHost.topRoute == .petPicker)
        app.tapBack()
        #expect(app.dialogHost.topRoute == .petPicker, "Back never closes the dialog")
        await app.choosePet(at: 2)
        #expect(app.dialogHost.topRoute == .visitType(pet: "clover"))
        app.pick(VisitType.well)
        app.tapAction()
        await app.settle()
        #expect(
            app.requests == [
                AppointmentRequest(pet: "clover", visitType: .well, outcome: .noAppointmentRequired)
            ])
        #expect(app.liveBeyondRoots == 0, "still alive: \(app.live.liveTypeNames)")
    }

    @Test("an answer picked twice quickly pushes one page; a pet chosen twice pushes one page")
    func doublePick() async throws {
        let app = AppHarness()
        app.tapSchedule()
        let picker = app.model(PetListModel.self)
        picker.select(at: 0)
        picker.select(at: 0)
        await app.settle()
        #expect(app.dialogHost.pages.count == 2)
        let model = app.model(TypedChoiceModel<VisitType>.self)
        model.select(.sick)
        model.select(.sick)
        model.select(at: 99)
        #expect(app.dialogHost.pages.map(\.route) == [.petPicker, .visitType(pet: "rex"), .painLevel(pet: "rex")])
    }

    @Test("Schedule appointment pressed twice opens one dialog")
    func doubleOpen() {
        let app = AppHarness()
        let home = app.model(HomeModel.self)
        home.scheduleAppointment()
        home.scheduleAppointment()
        #expect(app.dialogHost.openCount == 1)
        #expect(app.dialogHost.pages.count == 1)
        #expect(app.home.children.count == 1)
    }

    @Test("a draft is no request until the pet and the visit type are known")
    func draft() {
        let draft = AppointmentRequestDraft()
        #expect(draft.finished(outcome: .fakingIt) == nil)
        draft.visitType = .sick
        draft.painLevel = .moderate
        #expect(draft.finished(outcome: .noAppointmentRequired) == nil)
        draft.pet = ClinicDatabase.samplePets[0]
        #expect(
            draft.finished(outcome: .noAppointmentRequired)
                == AppointmentRequest(
                    pet: "rex", visitType: .sick, painLevel: .moderate, outcome: .noAppointmentRequired))
    }
}
