import Navigation
import NavigationTesting
import RayPets
import Testing

/// A flow left open when whoever owns the app goes away must not keep itself alive: no task
/// waiting for a child's result, no question waiting for an answer, may hold its flow (and
/// with it the records and their database) in a reference cycle.
@MainActor
@Suite("Flows left open when the app goes away are freed")
struct OwnerGoneTests {
    /// Builds an app, leaves it in the state `open` puts it in, drops it, and returns what
    /// is still alive of everything it tracked (plus the records and the routers).
    private func survivors(firstLaunch: Bool = false, _ open: (AppHarness) async -> Void) async -> [String] {
        let live: LiveObjects
        do {
            let app = AppHarness(firstLaunch: firstLaunch)
            await open(app)
            app.track()
            live = app.live  // weak references only: keeping it does not keep the app
            live.track(app.data)
            live.track(app.dialogRouter)
            live.track(app.alertRouter)
            live.track(app)
        }
        // No host is left to watch: the tasks the app left behind end once their continuations
        // run, which Swift resumes on a worker thread before they hop back to the main actor:
        // not a number of turns on a loaded machine (under TSan in a whole run 20 turns were
        // not enough). What is tested is that they are freed, so wait for it, with a deadline.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while !live.liveTypeNames.isEmpty, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        return live.liveTypeNames
    }

    @Test("the appointment dialog, open on a question (its flow waiting for the picker's next choice)")
    func appointmentOpen() async {
        let alive = await survivors { app in
            app.tapSchedule()
            await app.choosePet(at: 0)
            app.pick(VisitType.sick)
        }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }

    @Test("the welcome page, open on the first launch (the app waiting for its result)")
    func welcomeOpen() async {
        let alive = await survivors(firstLaunch: true) { _ in }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }

    @Test("the editor, with \"Discard changes?\" open (its leave guard waiting for the answer)")
    func questionOpen() async {
        let alive = await survivors { app in
            await app.firstPetsDetails().edit()
            app.model(PetEditorModel.self).set(.name, to: "Rexy")
            // The guard asks while the window closes; the router's own request waits for the
            // answer (held by nothing but the router), as the window's close would.
            app.services.questions.isClosingWindow = true
            app.tapBack()
            app.services.questions.isClosingWindow = false
            await app.settle()
            #expect(app.question != nil)
        }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }

    @Test("the editor kept for Forward after Back, its toast's Undo still offered")
    func keptEditor() async {
        let alive = await survivors { app in
            await app.firstPetsDetails().edit()
            app.model(PetEditorModel.self).set(.name, to: "Rexy")
            app.tapBack()
            await app.settle()
            #expect(app.clinicHost.forwardPages.count == 1 && app.feedback.toasts == ["Changes to Rex kept"])
            app.live.track(app.feedback)
        }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }

    @Test("a pet just deleted, its Undo toast still offered (the toast's action holds the records)")
    func undoToastOffered() async {
        let alive = await survivors { app in
            await app.firstPetsDetails().delete()
            await app.settle()
            #expect(app.feedback.toasts.count == 1)
            app.live.track(app.feedback)
        }
        #expect(alive.isEmpty, "still alive: \(alive)")
    }
}

@MainActor
extension AppHarness {
    /// My pets -> the first pet: its details page.
    fileprivate func firstPetsDetails() async -> PetDetailsModel {
        tapMyPets()
        await choosePet(at: 0)
        return model(PetDetailsModel.self)
    }
}
