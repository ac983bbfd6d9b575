import Navigation
import NavigationTesting
import Testing

/// `a` is the sidebar (a list) above `root`; `b` is an item chosen on it, `c` a page opened
/// from the item.
private let layout = SplitLayout<TestRoute>(minimumWidth: 720) { $0 == .a }

/// A flow whose list page (`a`) is a sidebar: choosing an item shows `b` above it.
@MainActor
private final class ListFlow: FlowCoordinator<TestRoute> {
    var choose: (@MainActor (String) -> Void)?
    var shown: [String] = []
    /// With it, choosing while an item's page (`.b`) is on top does nothing.
    var keepsItemOnTop = false

    override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = TitledModel("List")
        let id = router.present(.a, model: model, animated: animated, onDismissed: onDismissed)
        let onTop: ((String) -> TestRoute)? = keepsItemOnTop ? { _ in .b } : nil
        choose = whenSelecting(in: id, model, value: String.self, unlessOnTop: onTop) { flow, _, item in
            flow.shown.append(item)
            flow.router.present(.b, model: TitledModel(item), animated: true, onDismissed: nil)
        }
    }
}

@MainActor
@Suite("Split host: one router stack shown as one stack or as a sidebar beside its content")
struct SplitHostTests {
    /// A router on an adaptive in-memory host `width` pixels wide, with `routes` presented.
    private func make(_ routes: [TestRoute], width: Int) -> (
        StackRouter<TestRoute>, InMemoryHost<TestRoute>, DismissCounter
    ) {
        let host = InMemoryHost<TestRoute>(layout: layout, width: width)
        let router = StackRouter(host: host)
        let counter = DismissCounter()
        for route in routes {
            router.present(
                route, model: TitledModel("\(route)"), animated: false, onDismissed: counter.callback("\(route)"))
        }
        return (router, host, counter)
    }

    @Test("resizing across the width changes only the presentation: same pages, ids, no onDismissed, no show")
    func resizeKeepsStack() {
        let (router, host, counter) = make([.root, .a, .b, .c], width: 1200)
        let before = router.pages
        let shows = host.transitions.count
        #expect(host.presentation.panes?.content.map(\.route) == [.b, .c])
        for width in [400, 719, 720, 1600, 360, 1200] {
            host.resize(to: width)
            #expect(router.pages == before)
            #expect((host.presentation.panes != nil) == (width >= 720), "at \(width)")
        }
        #expect(counter.counts.isEmpty, "a resize ran onDismissed: \(counter.counts)")
        #expect(host.transitions.count == shows, "a resize must not go through the router")
    }

    @Test(
        "wide: the content's Back leaves the shown page; with nothing selected it is gone, and the header bar's never shows"
    )
    func contentBack() {
        let (router, host, counter) = make([.root, .a, .b], width: 1200)
        #expect(!host.showsBackButton && host.showsContentBack && host.showsSidebarBack)
        host.tapContentBack()
        #expect(router.routes == [.root, .a])
        #expect(counter.count("b") == 1)
        #expect(host.presentation.panes?.selection == nil, "Back selects nothing")
        #expect(!host.showsContentBack, "no Back beside an empty detail")
        host.tapContentBack()
        #expect(router.routes == [.root, .a], "a hidden Back does nothing")
    }

    @Test("wide: the sidebar's Back leaves the list and the item beside it in one step, asking each guard once")
    func sidebarBack() async {
        let (router, host, counter) = make([.root, .a, .b, .c], width: 1200)
        let asked = ScriptedLeaveGuard<TestRoute>(decision: .leave)
        router.setLeaveGuard(asked.guard, for: router.pages[3].id)
        host.tapSidebarBack()
        await settle()
        #expect(router.routes == [.root])
        #expect(asked.requests.map(\.reason) == [.back], "asked once, as Back")
        #expect(counter.order == ["c", "b", "a"], "every page above root left, top first")
        #expect(host.presentation == .single(router.pages))
    }

    @Test("wide: a guard that keeps its page keeps the sidebar and its content")
    func sidebarBackRefused() async {
        let (router, host, _) = make([.root, .a, .b], width: 1200)
        let keep = ScriptedLeaveGuard<TestRoute>(decision: .stay)
        router.setLeaveGuard(keep.guard, for: router.pages[2].id)
        host.tapSidebarBack()
        await settle()
        #expect(router.routes == [.root, .a, .b])
    }

    @Test("narrow: one stack, the header bar's Back pops one page, no side Back shows")
    func narrowBack() {
        let (router, host, _) = make([.root, .a, .b], width: 400)
        #expect(host.showsBackButton && !host.showsSidebarBack && !host.showsContentBack)
        host.tapSidebarBack()
        #expect(router.routes == [.root, .a, .b])
        host.tapBack()
        #expect(router.routes == [.root, .a])
        host.resize(to: 1200)
        #expect(!host.showsBackButton && host.showsSidebarBack && !host.showsContentBack)
    }

    /// A wide host with `root`, and a `ListFlow` started on it.
    private func makeList(keepsItemOnTop: Bool = false) -> (StackRouter<TestRoute>, InMemoryHost<TestRoute>, ListFlow) {
        let host = InMemoryHost<TestRoute>(layout: layout, width: 1200)
        let router = StackRouter(host: host)
        router.present(.root, model: TitledModel("root"), animated: false, onDismissed: nil)
        let flow = ListFlow(router: router)
        flow.keepsItemOnTop = keepsItemOnTop
        flow.present(animated: false, onDismissed: nil)
        return (router, host, flow)
    }

    @Test("choosing another item replaces the one shown and what was opened from it: the stack does not grow")
    func selectionReplaces() async {
        let (router, host, flow) = makeList()
        for item in ["one", "two", "three"] {
            flow.choose?(item)
            await settle()
            router.present(.c, model: TitledModel("opened"), animated: true, onDismissed: nil)
        }
        #expect(router.routes == [.root, .a, .b, .c])
        #expect(router.pages[2].title == "three")
        #expect(flow.shown == ["one", "two", "three"])
        #expect(host.presentation.panes?.selection?.title == "three")
    }

    @Test(
        "unlessOnTop: a choice whose page is on top already changes nothing and asks nothing; under another page, it replaces"
    )
    func selectionOnTop() async {
        let (router, _, flow) = makeList(keepsItemOnTop: true)
        flow.choose?("one")
        let answer = ScriptedLeaveGuard<TestRoute>(decision: .stay)
        router.setLeaveGuard(answer.guard, for: router.pages[2].id)
        flow.choose?("two")
        await settle()
        #expect(router.pages.map(\.title) == ["root", "List", "one"] && flow.shown == ["one"])
        #expect(answer.requests.isEmpty, "nothing was asked")
        router.present(.c, model: TitledModel("opened"), animated: true, onDismissed: nil)
        answer.decision = .leave
        flow.choose?("two")
        await settle()
        #expect(router.pages.map(\.title) == ["root", "List", "two"] && flow.shown == ["one", "two"])
    }

    @Test("a new choice waits for the old item's guard: kept, nothing changes; agreed, it is replaced")
    func selectionAsks() async {
        let (router, _, flow) = makeList()
        flow.choose?("one")
        let answer = ScriptedLeaveGuard<TestRoute>(decision: .stay)
        router.setLeaveGuard(answer.guard, for: router.pages[2].id)
        flow.choose?("two")
        await settle()
        #expect(router.pages.map(\.title) == ["root", "List", "one"], "kept: the old item stays")
        #expect(answer.requests.map(\.reason) == [.code])
        answer.decision = .leave
        flow.choose?("two")
        await settle()
        #expect(router.pages.map(\.title) == ["root", "List", "two"])
    }
}

/// Lets awaited requests finish (they resume on later main-actor turns).
@MainActor
private func settle() async {
    for _ in 0..<20 { await Task.yield() }
}
