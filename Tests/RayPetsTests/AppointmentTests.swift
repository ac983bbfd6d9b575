import Navigation
import NavigationTesting
import RayPets
import Testing

/// One way through the questionnaire: the answers, and what the user sees on the way.
struct Branch: CustomTestStringConvertible, Sendable {
    let name: String
    let visit: VisitType
    let pain: PainLevel?
    let faking: FakingAnswer?
    let routes: [AppRoute]
    let outcome: AppointmentOutcome
    var testDescription: String { name }
}

let allBranches: [Branch] = [
    Branch(name: "well", visit: .well, pain: nil, faking: nil,
           routes: [.visitType, .noAppointmentRequired], outcome: .noAppointmentRequired),
    Branch(name: "sick, none, fake", visit: .sick, pain: PainLevel.none, faking: .fake,
           routes: [.visitType, .painLevel, .fakingIt], outcome: .fakingIt),
    Branch(name: "sick, a little, fake", visit: .sick, pain: .aLittle, faking: .fake,
           routes: [.visitType, .painLevel, .fakingIt], outcome: .fakingIt),
    Branch(name: "sick, none, not fake", visit: .sick, pain: PainLevel.none, faking: .notFake,
           routes: [.visitType, .painLevel, .fakingIt, .noAppointmentRequired], outcome: .noAppointmentRequired),
    Branch(name: "sick, a little, not fake", visit: .sick, pain: .aLittle, faking: .notFake,
           routes: [.visitType, .painLevel, .fakingIt, .noAppointmentRequired], outcome: .noAppointmentRequired),
    Branch(name: "sick, moderate", visit: .sick, pain: .moderate, faking: nil,
           routes: [.visitType, .painLevel, .noAppointmentRequired], outcome: .noAppointmentRequired),
    Branch(name: "sick, severe", visit: .sick, pain: .severe, faking: nil,
           routes: [.visitType, .painLevel, .noAppointmentRequired], outcome: .noAppointmentRequired),
    Branch(name: "sick, worst possible", visit: .sick, pain: .worstPossible, faking: nil,
           routes: [.visitType, .painLevel, .noAppointmentRequired], outcome: .noAppointmentRequired),
]

@MainActor
extension AppHarness {
    /// Answers the questionnaire along `branch`, stopping before the last page's action
    /// after `pages` pages (all of them by default). Returns the routes seen.
    @discardableResult
    func answer(_ branch: Branch, pages: Int? = nil) -> [AppRoute] {
        tapSchedule()
        var seen = [visibleRoute!]
        let limit = pages ?? branch.routes.count
        let answers: [() -> Void] = [
            { self.pick(branch.visit) },
            { self.pick(branch.pain!) },
            { self.pick(branch.faking!) },
        ].prefix(branch.routes.count).map { $0 }
        for index in 0..<(limit - 1) {
            if branch.routes[index] == .noAppointmentRequired { break }
            answers[index]()
            seen.append(visibleRoute!)
        }
        return seen
    }

    /// The last page's action: Okay, or It's fake.
    func finish(_ branch: Branch) {
        if branch.outcome == .fakingIt { pick(FakingAnswer.fake) } else { tapAction() }
    }
}

@MainActor
@Suite("Appointment questionnaire")
struct AppointmentTests {
    @Test("every branch shows its pages in order, records its answers and closes the dialog", arguments: allBranches)
    func branch(_ branch: Branch) {
        let app = AppHarness()
        let seen = app.answer(branch)
        #expect(seen == branch.routes)
        #expect(app.modalHost.openCount == 1)
        #expect(app.mainHost.visibleRoute == .home, "the dialog is modal: Home stays underneath")
        #expect(app.flows.count == 1)
        app.finish(branch)
        #expect(!app.modalHost.isOpen)
        #expect(app.flows.isEmpty)
        let faking = branch.outcome == .fakingIt ? FakingAnswer.fake : branch.faking
        #expect(app.services.appointments.requests == [
            AppointmentRequest(visitType: branch.visit, painLevel: branch.pain, fakingAnswer: faking,
                               outcome: branch.outcome),
        ])
        #expect(app.liveBeyondHome == 0, "still alive: \(app.live.liveTypeNames)")
    }

    @Test("page titles follow the visible page")
    func titles() {
        let app = AppHarness()
        let branch = allBranches[3]
        app.tapSchedule()
        #expect(app.modalHost.title == "Visit type")
        app.pick(branch.visit)
        #expect(app.modalHost.title == "Pain level")
        app.pick(branch.pain!)
        #expect(app.modalHost.title == "Faking it?")
        app.pick(branch.faking!)
        #expect(app.modalHost.title == "No appointment required")
        #expect(app.mainHost.title == "RayPets")
    }

    /// Every (branch, page) pair: the page a user could be on when they leave.
    nonisolated static let stops: [(Int, Int)] = allBranches.indices.flatMap { b in
        (1...allBranches[b].routes.count).map { (b, $0) }
    }

    @Test("Cancel on any page closes the dialog and discards the answers", arguments: stops)
    func cancelAnywhere(branchIndex: Int, pages: Int) {
        let app = AppHarness()
        app.answer(allBranches[branchIndex], pages: pages)
        #expect(app.modalHost.isOpen)
        app.tapCancel()
        #expect(!app.modalHost.isOpen)
        #expect(app.flows.isEmpty)
        #expect(app.services.appointments.requests.isEmpty)
        #expect(app.modalRouter.pendingDismissHandlers == 0)
        #expect(app.liveBeyondHome == 0, "still alive: \(app.live.liveTypeNames)")
    }

    @Test("closing the dialog window on any page ends the flow and discards the answers", arguments: stops)
    func closeAnywhere(branchIndex: Int, pages: Int) {
        let app = AppHarness()
        app.answer(allBranches[branchIndex], pages: pages)
        app.closeDialogWindow()
        #expect(app.flows.isEmpty)
        #expect(app.services.appointments.requests.isEmpty)
        #expect(app.liveBeyondHome == 0, "still alive: \(app.live.liveTypeNames)")
    }

    @Test("Back inside the dialog walks back, and a new answer takes a new branch")
    func backAndChangeAnswer() {
        let app = AppHarness()
        app.answer(allBranches[3]) // sick, none, not fake -> No appointment required
        app.tapBack()
        #expect(app.visibleRoute == .fakingIt)
        app.tapBack()
        #expect(app.visibleRoute == .painLevel)
        app.pick(PainLevel.severe)
        #expect(app.modalHost.pages.map(\.route) == [.visitType, .painLevel, .noAppointmentRequired])
        app.tapBack()
        app.tapBack()
        app.tapBack()
        #expect(app.visibleRoute == .visitType, "Back never closes the dialog")
        app.pick(VisitType.well)
        app.tapAction()
        #expect(app.services.appointments.requests.map(\.visitType) == [.well])
        #expect(app.liveBeyondHome == 0, "still alive: \(app.live.liveTypeNames)")
    }

    @Test("an answer picked twice quickly pushes one page")
    func doublePick() throws {
        let app = AppHarness()
        app.tapSchedule()
        let model = try #require(app.modalHost.visibleModel(as: ChoiceViewModel<VisitType>.self))
        model.select(.sick)
        model.select(.sick)
        model.select(at: 99)
        #expect(app.modalHost.pages.map(\.route) == [.visitType, .painLevel])
    }

    @Test("Schedule appointment pressed twice opens one dialog")
    func doubleOpen() throws {
        let app = AppHarness()
        let home = try #require(app.mainHost.visibleModel(as: HomeViewModel.self))
        home.scheduleAppointment()
        home.scheduleAppointment()
        #expect(app.modalHost.openCount == 1)
        #expect(app.modalHost.pages.count == 1)
        #expect(app.flows.count == 1)
    }

    @Test("the builder builds nothing until the visit type is known")
    func builder() {
        let builder = PetAppointmentBuilder()
        #expect(builder.build(outcome: .fakingIt) == nil)
        builder.visitType = .sick
        builder.painLevel = .moderate
        #expect(builder.build(outcome: .noAppointmentRequired)
            == AppointmentRequest(visitType: .sick, painLevel: .moderate, outcome: .noAppointmentRequired))
    }
}
