import Navigation
import NavigationTesting
import Testing

@MainActor
@Suite("Navigation that follows the data: removeAll(where:) and refresh()")
struct RemoveAllTests {
    private func pages(_ routes: [TestRoute], on router: any Router<TestRoute>) -> (DismissCounter, [PageID]) {
        let counter = DismissCounter()
        let ids = routes.enumerated().map { index, route in
            router.present(
                route, model: TitledModel("\(route)"), animated: true, onDismissed: counter.callback("\(index)"))
        }
        return (counter, ids)
    }

    @Test("matching pages leave wherever they are; the others keep their ids; each onDismissed runs once, top first")
    func removesMatchingPagesOnly() {
        let (router, host) = makeStack()
        let (counter, ids) = pages([.root, .a, .b, .a, .c], on: router)
        #expect(router.removeAll(where: { $0 == .a }, animated: true) == 2)
        #expect(router.routes == [.root, .b, .c])
        #expect(router.pages.map(\.id) == [ids[0], ids[2], ids[4]])
        #expect(counter.order == ["3", "1"])
        #expect(host.transitions.last == NavigationTransition.none, "the visible page stayed: nothing slides")
        #expect(router.removeAll(where: { $0 == .a }, animated: true) == 0, "nothing left to remove")
        #expect(counter.order == ["3", "1"])
        #expect(router.pendingDismissHandlers == 3)
    }

    @Test("removing the visible page slides back when animated, and not when not")
    func visiblePageSlidesBack() {
        let (router, host) = makeStack()
        _ = pages([.root, .a, .b], on: router)
        router.removeAll(where: { $0 == .b }, animated: true)
        #expect(host.transitions.last == .pop)
        _ = pages([.c], on: router)
        router.removeAll(where: { $0 == .c }, animated: false)
        #expect(host.transitions.last == NavigationTransition.none)
    }

    @Test("a dialog router whose pages all leave closes its dialog")
    func modalCloses() {
        let (router, host) = makeModal()
        let (counter, _) = pages([.a, .b], on: router)
        #expect(router.removeAll(where: { _ in true }, animated: true) == 2)
        #expect(!router.isOpen)
        #expect(host.pages.isEmpty)
        #expect(counter.order == ["1", "0"])
    }

    @Test("a flow whose first page is removed ends, once")
    func flowEnds() {
        let (router, _) = makeStack()
        router.present(.root, model: TitledModel("root"), animated: false, onDismissed: nil)
        let parent = TestFlow(router: router, route: .root)
        let child = TestFlow(router: router, route: .a)
        var ended = 0
        parent.presentChild(child, animated: true) { ended += 1 }
        child.showNext(.b)
        #expect(parent.children.count == 1)
        router.removeAll(where: { $0 == .a || $0 == .b }, animated: true)
        #expect(router.routes == [.root])
        #expect(parent.children.isEmpty)
        #expect(ended == 1)
    }

    @Test("refresh shows the same pages again with their new titles; nothing changes on the stack")
    func refreshRereadsTitles() {
        let (router, host) = makeStack()
        let model = RenamableModel("Rex")
        router.present(.root, model: TitledModel("root"), animated: false, onDismissed: nil)
        let id = router.present(.a, model: model, animated: true, onDismissed: nil)
        var notified = 0
        let observation = router.observe { _ in notified += 1 }
        model.title = "Max"
        let shows = host.transitions.count
        router.refresh()
        #expect(host.transitions.count == shows + 1, "the host was asked to show the stack again")
        #expect(host.title == "Max")
        #expect(router.pages.map(\.id).last == id)
        #expect(host.transitions.last == NavigationTransition.none)
        #expect(notified == 0, "observers hear about changes of the stack, and this is none")
        observation.cancel()
    }

    @Test("RecordingRouter records removeAll with the routes removed, and refresh")
    func recording() {
        let router = RecordingRouter<TestRoute>()
        _ = pages([.root, .a, .b], on: router)
        router.removeAll(where: { $0 == .a }, animated: false)
        router.refresh()
        #expect(router.calls.suffix(2) == [.removeAll([.a], animated: false), .refresh])
        #expect(router.routes == [.root, .b])
    }
}

/// A page model whose title can change.
@MainActor
final class RenamableModel: PageModel {
    var title: String
    init(_ title: String) { self.title = title }
}

/// A flow of pages on one router.
@MainActor
final class TestFlow: FlowCoordinator<TestRoute> {
    private let route: TestRoute
    init(router: any Router<TestRoute>, route: TestRoute) {
        self.route = route
        super.init(router: router)
    }
    override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        router.present(route, model: TitledModel("\(route)"), animated: animated, onDismissed: onDismissed)
    }
    func showNext(_ next: TestRoute) {
        router.present(next, model: TitledModel("\(next)"), animated: true, onDismissed: nil)
    }
}
