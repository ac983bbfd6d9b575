import Navigation
import NavigationTesting
import Testing

@MainActor
@Suite("StackRouter")
struct StackRouterTests {
    @Test("the first page is shown without animation, later ones slide in")
    func pushTransitions() {
        let (router, host) = makeStack()
        router.present(.root, model: TitledModel("Root"), animated: true, onDismissed: nil)
        router.present(.a, model: TitledModel("A"))
        #expect(host.transitions == [.none, .push])
        #expect(host.topRoute == .a)
        #expect(host.title == "A")
        #expect(host.showsBackButton)
        #expect(router.routes == [.root, .a])
    }

    @Test("Back pops one page and runs its onDismissed once")
    func backRunsOnDismissedOnce() {
        let (router, host) = makeStack()
        let counter = DismissCounter()
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: counter.callback("root"))
        router.present(.a, model: TitledModel("A"), animated: true, onDismissed: counter.callback("a"))
        host.tapBack()
        #expect(host.topRoute == .root)
        #expect(host.transitions.last == .pop)
        #expect(counter.count("a") == 1)
        #expect(counter.count("root") == 0)
        #expect(!host.showsBackButton)
        #expect(router.pendingDismissHandlers == 1)
    }

    @Test("Back on the root page does nothing")
    func backOnRootIsIgnored() {
        let (router, host) = makeStack()
        let counter = DismissCounter()
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: counter.callback("root"))
        let shows = host.transitions.count
        host.tapBack()
        router.goBack(animated: true)
        #expect(host.transitions.count == shows)
        #expect(router.routes == [.root])
        #expect(counter.count("root") == 0)
    }

    @Test("dismiss pops to the root; every popped page's onDismissed runs once, top first")
    func dismissPopsToRoot() {
        let (router, host) = makeStack()
        let counter = DismissCounter()
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: counter.callback("root"))
        router.present(.a, model: TitledModel("A"), animated: true, onDismissed: counter.callback("a"))
        router.present(.b, model: TitledModel("B"), animated: true, onDismissed: counter.callback("b"))
        router.present(.c, model: TitledModel("C"), animated: true, onDismissed: counter.callback("c"))
        router.dismiss(animated: true)
        #expect(router.routes == [.root])
        #expect(host.topRoute == .root)
        #expect(counter.order == ["c", "b", "a"])
        router.dismiss(animated: true)
        router.dismiss(animated: true)
        #expect(counter.order == ["c", "b", "a"], "a second dismiss must not run anything again")
    }

    @Test("dismiss with the user's Back in between still runs each onDismissed once")
    func mixedBackAndPopToRoot() {
        let (router, host) = makeStack()
        let counter = DismissCounter()
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: nil)
        router.present(.a, model: TitledModel("A"), animated: true, onDismissed: counter.callback("a"))
        router.present(.b, model: TitledModel("B"), animated: true, onDismissed: counter.callback("b"))
        host.tapBack()
        router.dismiss(animated: false)
        #expect(counter.counts == ["a": 1, "b": 1])
        #expect(host.transitions.last == NavigationTransition.none)
        #expect(router.pendingDismissHandlers == 0)
    }

    @Test("a closed window dismisses every page, the root too")
    func windowCloseDismissesAll() {
        let (router, host) = makeStack()
        let counter = DismissCounter()
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: counter.callback("root"))
        router.present(.a, model: TitledModel("A"), animated: true, onDismissed: counter.callback("a"))
        host.closeWindow()
        #expect(router.pages.isEmpty)
        #expect(counter.order == ["a", "root"])
    }

    @Test("onDismissed sees the final stack and may present again")
    func reentrantPresentFromOnDismissed() {
        let (router, host) = makeStack()
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: nil)
        var seen: [TestRoute] = []
        router.present(.a, model: TitledModel("A"), animated: true) { [unowned router] in
            seen = router.routes
            router.present(.b, model: TitledModel("B"))
        }
        host.tapBack()
        #expect(seen == [.root])
        #expect(host.topRoute == .b)
    }

    @Test("observers get every new stack until cancelled")
    func observation() {
        let (router, _) = makeStack()
        var snapshots: [[TestRoute]] = []
        let observation = router.observe { pages in snapshots.append(pages.map(\.route)) }
        router.present(.root, model: TitledModel("Root"))
        router.present(.a, model: TitledModel("A"))
        router.goBack(animated: true)
        observation.cancel()
        router.present(.b, model: TitledModel("B"))
        #expect(snapshots == [[.root], [.root, .a], [.root]])
    }

    @Test("page ids are stable and unique; pages are values that compare by id and route")
    func pageIdentity() {
        let (router, _) = makeStack()
        let first = router.present(.root, model: TitledModel("Root"))
        let second = router.present(.a, model: TitledModel("A"))
        #expect(first != second)
        #expect(router.pages.map(\.id) == [first, second])
        #expect(router.isShown(second) && !router.isShown(first))
        let copy = router.pages[1]
        #expect(copy == router.pages[1])
        #expect(String(describing: copy) == "\(second) a")
    }

    @Test("popped page models are freed")
    func poppedModelsAreFreed() {
        let (router, host) = makeStack()
        let live = LiveObjects()
        router.present(.root, model: TitledModel("Root"))
        for route in [TestRoute.a, .b, .c] {
            let model = TitledModel("\(route)")
            live.track(model)
            router.present(route, model: model)
        }
        #expect(live.liveCount == 3)
        host.tapBack()
        #expect(live.liveCount == 2)
        router.dismiss(animated: true)
        #expect(live.liveCount == 0, "still alive: \(live.liveTypeNames)")
    }
}
