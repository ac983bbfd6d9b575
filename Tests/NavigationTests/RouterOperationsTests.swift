import Navigation
import NavigationTesting
import Testing

@MainActor
@Suite("Router operations")
struct RouterOperationsTests {
    /// root, a, b, c on a stack, each counting its onDismissed.
    private func fourPages() -> (StackRouter<TestRoute>, InMemoryHost<TestRoute>, DismissCounter, [PageID]) {
        let (router, host) = makeStack()
        let counter = DismissCounter()
        let ids = [TestRoute.root, .a, .b, .c].map { route in
            router.present(
                route, model: TitledModel("\(route)"), animated: true, onDismissed: counter.callback("\(route)"))
        }
        return (router, host, counter, ids)
    }

    @Test("pop to a route runs the onDismissed of the pages above it, top first")
    func popToRoute() {
        let (router, host, counter, _) = fourPages()
        #expect(router.popTo(.a, animated: true))
        #expect(router.routes == [.root, .a])
        #expect(counter.order == ["c", "b"])
        #expect(host.transitions.last == .pop)
        #expect(!router.popTo(.c, animated: true), "a route that is not there changes nothing")
        #expect(counter.order == ["c", "b"])
    }

    @Test("remove from a page ends exactly that page and those above it")
    func removeFrom() {
        let (router, _, counter, ids) = fourPages()
        #expect(router.remove(from: ids[2], animated: true))
        #expect(router.routes == [.root, .a])
        #expect(counter.order == ["c", "b"])
        #expect(!router.remove(from: ids[2], animated: true), "a page that left cannot leave twice")
        #expect(counter.counts["b"] == 1)
    }

    @Test("replace the top: the old top's onDismissed runs once, after the new page is shown")
    func replaceTop() {
        let (router, host, counter, _) = fourPages()
        var seen: [TestRoute] = []
        let observation = router.observe { seen = $0.map(\.route) }
        router.replaceTop(with: .a, model: TitledModel("A2"), animated: true, onDismissed: counter.callback("a2"))
        #expect(router.routes == [.root, .a, .b, .a])
        #expect(seen == [.root, .a, .b, .a])
        #expect(counter.order == ["c"])
        #expect(host.title == "A2")
        router.dismiss(animated: false)
        #expect(counter.order == ["c", "a2", "b", "a"])
        observation.cancel()
    }

    @Test("set the whole stack in one change: no intermediate screens, every old page dismissed once")
    func setStack() {
        let (router, host, counter, _) = fourPages()
        let shows = host.transitions.count
        router.setStack(
            [
                PageEntry(.root, model: TitledModel("root2"), onDismissed: counter.callback("root2")),
                PageEntry(.c, model: TitledModel("c2")),
            ], animated: false)
        #expect(host.transitions.count == shows + 1, "one change, not one per page")
        #expect(host.transitions.last == NavigationTransition.none)
        #expect(router.routes == [.root, .c])
        #expect(counter.order == ["c", "b", "a", "root"])
        #expect(router.pendingDismissHandlers == 1)
    }

    @Test("dismiss all removes the root too; on a dialog router it is dismiss")
    func dismissAll() {
        let (router, _, counter, _) = fourPages()
        router.dismissAll(animated: true)
        #expect(router.pages.isEmpty)
        #expect(counter.order == ["c", "b", "a", "root"])
        let (dialog, dialogHost) = makeModal()
        dialog.present(.a, model: TitledModel("A"))
        dialog.dismiss(animated: true)
        #expect(!dialogHost.isOpen)
    }
}
