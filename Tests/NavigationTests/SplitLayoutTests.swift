import Navigation
import NavigationTesting
import Testing

/// `a` is the sidebar (a list); `root` is under it; `b` and `c` are what is opened from it.
private let layout = SplitLayout<TestRoute>(minimumWidth: 720) { $0 == .a }

@MainActor
@Suite("Split layout: one stack, shown as a sidebar beside its content on wide windows")
struct SplitLayoutTests {
    /// A stack `[root, a, b]` (root, the list, a selected item).
    private func stack(_ routes: [TestRoute] = [.root, .a, .b]) -> (StackRouter<TestRoute>, DismissCounter) {
        let (router, _) = makeStack()
        let counter = DismissCounter()
        for route in routes {
            router.present(
                route, model: TitledModel("\(route)"), animated: false, onDismissed: counter.callback("\(route)"))
        }
        return (router, counter)
    }

    @Test("the width chooses the presentation: split from the minimum width up, one stack below it")
    func widthChooses() {
        let (router, _) = stack()
        #expect(layout.presentation(of: router.pages, width: 719).single == router.pages)
        let panes = layout.presentation(of: router.pages, width: 720).panes
        #expect(panes?.below.map(\.route) == [.root])
        #expect(panes?.sidebar.route == .a)
        #expect(panes?.content.map(\.route) == [.b])
        #expect(layout.presentation(of: router.pages, width: 1200).panes == panes)
        #expect(!layout.isWide(719) && layout.isWide(720))
    }

    @Test("with no sidebar page on the stack, every width shows one stack")
    func noSidebar() {
        let (router, _) = stack([.root, .b, .c])
        for width in [360, 720, 1600] {
            #expect(layout.presentation(of: router.pages, width: width) == .single(router.pages))
        }
    }

    @Test("crossing the width back and forth changes only the presentation: same pages, no onDismissed")
    func switchesKeepTheStack() {
        let (router, counter) = stack([.root, .a, .b, .c])
        let before = router.pages
        for width in [1200, 400, 1200, 360, 720, 719] {
            let shown = layout.presentation(of: router.pages, width: width)
            let all = shown.single ?? shown.panes.map { $0.below + [$0.sidebar] + $0.content } ?? []
            #expect(all == before, "every page is in the presentation, in order")
        }
        #expect(router.pages == before && counter.order.isEmpty)
    }

    @Test("Back in split mode leaves the detail and selects nothing; then only the sidebar's Back is offered")
    func backInSplitMode() {
        let (router, counter) = stack()
        var panes = layout.presentation(of: router.pages, width: 1200).panes
        #expect(panes?.contentCanGoBack == true && panes?.shownContent?.route == .b)
        router.goBack(animated: true)
        panes = layout.presentation(of: router.pages, width: 1200).panes
        #expect(panes?.content.isEmpty == true, "nothing selected: the content pane shows its placeholder")
        #expect(panes?.contentCanGoBack == false, "no Back for an empty detail")
        #expect(panes?.sidebarCanGoBack == true, "the sidebar's Back returns to the page under it")
        #expect(counter.order == ["b"])
        router.goBack(animated: true)
        #expect(layout.presentation(of: router.pages, width: 1200) == .single(router.pages))
        #expect(router.routes == [.root] && counter.order == ["b", "a"])
    }

    @Test("a sidebar at the root offers no Back on its side")
    func sidebarAtTheRoot() {
        let (router, _) = stack([.a, .b])
        let panes = layout.presentation(of: router.pages, width: 800).panes
        #expect(panes?.below.isEmpty == true && panes?.sidebarCanGoBack == false)
        #expect(panes?.contentCanGoBack == true)
    }

    @Test("selecting another item replaces the selection and everything above it: the stack does not grow")
    func selectionReplaces() async {
        let (router, counter) = stack([.root, .a, .b, .c])
        guard let selection = layout.presentation(of: router.pages, width: 1200).panes?.selection else {
            Issue.record("no selection")
            return
        }
        #expect(selection.route == .b)
        #expect(await router.request(.remove(from: selection.id), reason: .code, animated: false))
        router.present(.b, model: TitledModel("another b"), animated: false, onDismissed: nil)
        #expect(router.routes == [.root, .a, .b])
        #expect(counter.order == ["c", "b"], "each page that left ran its onDismissed once, top first")
        #expect(layout.presentation(of: router.pages, width: 1200).panes?.shownContent?.title == "another b")
    }

    @Test("with sidebars on sidebars, the topmost one is beside the content")
    func topmostSidebar() {
        let nested = SplitLayout<TestRoute>(minimumWidth: 720) { $0 == .a || $0 == .b }
        let (router, _) = stack([.root, .a, .b, .c])
        let panes = nested.presentation(of: router.pages, width: 1000).panes
        #expect(panes?.sidebar.route == .b)
        #expect(panes?.below.map(\.route) == [.root, .a] && panes?.content.map(\.route) == [.c])
    }
}
