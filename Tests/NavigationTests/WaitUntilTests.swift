import Navigation
import NavigationTesting
import Testing

/// `Router.waitUntil(timeout:_:)`: every sentence of its documentation.
@MainActor
@Suite("Router.waitUntil")
struct WaitUntilTests {
    @Test("returns true at once when the stack already meets the condition")
    func metNow() async {
        let (router, _) = makeStack()
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: nil)
        var checks = 0
        #expect(
            await router.waitUntil(timeout: .seconds(5)) { pages in
                checks += 1
                return pages.last?.route == .root
            })
        #expect(checks == 1)
    }

    /// A page pushed by another task after 0.3 s of real time: on an idle main actor, the 200
    /// `Task.yield()` turns the link replay used to poll for are over long before it comes.
    @Test("returns true after the change that meets it, however long that takes")
    func metByALaterChange() async {
        let (router, _) = makeStack()
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: nil)
        Task { @MainActor in
            try? await Task.sleep(for: .milliseconds(300))
            router.present(.a, model: TitledModel("A"))
        }
        #expect(await router.waitUntil(timeout: .seconds(10)) { $0.last?.route == .a })
        #expect(router.routes == [.root, .a])
    }

    @Test("is not met by a change that does not meet the condition; false once the timeout passed")
    func timesOut() async {
        let (router, _) = makeStack()
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: nil)
        Task { @MainActor in router.present(.a, model: TitledModel("A")) }
        let clock = ContinuousClock()
        let start = clock.now
        #expect(await !router.waitUntil(timeout: .milliseconds(200)) { $0.last?.route == .b })
        #expect(clock.now - start >= .milliseconds(200))
        #expect(router.routes == [.root, .a])
    }

    /// An hour's timeout, and a ten minutes' time limit on the test: only the cancellation can
    /// end it. (The limit was a minute: in a run of the whole suite on a loaded machine, the
    /// other suites held the main actor, which the cancellation needs, past it.)
    @Test("a cancelled task stops waiting and gets false", .timeLimit(.minutes(10)))
    func cancelled() async {
        let (router, _) = makeStack()
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: nil)
        let waiting = Task { @MainActor in
            await router.waitUntil(timeout: .seconds(3600)) { $0.last?.route == .a }
        }
        Task { @MainActor in waiting.cancel() }
        #expect(await waiting.value == false)
        #expect(router.routes == [.root])
    }

    @Test("stops observing once it ended: a later change is not checked against the condition")
    func stopsObserving() async {
        let (router, _) = makeStack()
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: nil)
        var checks = 0
        Task { @MainActor in router.present(.a, model: TitledModel("A")) }
        let met = await router.waitUntil(timeout: .seconds(5)) { pages in
            checks += 1
            return pages.last?.route == .a
        }
        #expect(met)
        let checked = checks
        router.present(.b, model: TitledModel("B"))
        router.goBack(animated: false)
        #expect(checks == checked)
    }
}
