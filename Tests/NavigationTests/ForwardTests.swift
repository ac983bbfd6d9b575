import Navigation
import NavigationTesting
import Testing

@MainActor
@Suite("Forward: the pages Back took come back as they were")
struct ForwardTests {
    /// `[root, a, b, c]` on a stack that keeps `limit` pages for Forward.
    private func fourPages(limit: Int = 10) -> (
        router: StackRouter<TestRoute>, host: InMemoryHost<TestRoute>, counter: DismissCounter
    ) {
        let host = InMemoryHost<TestRoute>()
        let router = StackRouter(host: host)
        router.forwardLimit = limit
        let counter = DismissCounter()
        for route in [TestRoute.root, .a, .b, .c] {
            router.present(
                route, model: TitledModel("\(route)"), animated: true, onDismissed: counter.callback("\(route)"))
        }
        return (router, host, counter)
    }

    @Test("off by default: Back ends the page it removes, and nothing is kept")
    func offByDefault() {
        let (router, host, counter) = fourPages(limit: 0)
        host.tapBack()
        #expect(counter.order == ["c"])
        #expect(router.forwardPages.isEmpty && !router.canGoForward && host.forwardPages.isEmpty)
        host.tapForward()
        #expect(router.routes == [.root, .a, .b])
    }

    @Test("Back keeps the page: Forward brings back the same page, model and id; its onDismissed has not run")
    func backThenForward() {
        let (router, host, counter) = fourPages()
        let top = router.pages[3]
        host.tapBack()
        #expect(router.routes == [.root, .a, .b])
        #expect(router.forwardPages.map(\.id) == [top.id] && host.forwardPages.map(\.id) == [top.id])
        #expect(counter.order.isEmpty, "a kept page has not ended")
        #expect(host.transitions.last == .pop)
        host.tapForward()
        #expect(router.pages.last?.id == top.id && router.pages.last?.model === top.model)
        #expect(router.forwardPages.isEmpty && host.forwardPages.isEmpty)
        #expect(host.transitions.last == .push)
        #expect(counter.order.isEmpty)
    }

    @Test("dismissing a router at rest ends what it keeps for Forward; so does closing its window")
    func dismissAtRest() async {
        let (router, host, counter) = fourPages()
        host.tapBack()
        host.tapBack()
        host.tapBack()
        #expect(router.routes == [.root] && router.forwardPages.count == 3)
        router.dismiss(animated: false)
        #expect(router.forwardPages.isEmpty && counter.order == ["c", "b", "a"], "the farthest first")
        #expect(router.routes == [.root])

        let window = TestWindow("closing")
        let modal = window.dialog
        modal.forwardLimit = 10
        let kept = ScriptedLeaveGuard<TestRoute>(decision: .keep)
        modal.present(.a, model: TitledModel("A"))
        modal.setLeaveGuard(kept.guard, for: modal.pages[0].id)
        window.dialogHost.tapCancel()
        #expect(!modal.isOpen && modal.forwardPages.map(\.route) == [.a], "Cancel kept it")
        let group = WindowGroup<TestWindow>()
        group.add(window)
        group.add(TestWindow("other"))
        #expect(await group.requestClose(window) == .closed)
        #expect(modal.forwardPages.isEmpty, "a closed dialog's kept pages end with its window")
    }

    @Test("a router written before forward history keeps none: Router's defaults")
    func routerDefaults() {
        let router = RecordingRouter<TestRoute>()
        router.present(.a, model: TitledModel("A"))
        #expect(router.forwardPages.isEmpty)
        #expect(!router.goForward(to: router.pages[0].id, animated: false))
    }

    @Test("two Backs, then Forward brings the nearer page first")
    func order() {
        let (router, host, _) = fourPages()
        host.tapBack()
        host.tapBack()
        #expect(router.forwardPages.map(\.route) == [.b, .c])
        host.tapForward()
        #expect(router.routes == [.root, .a, .b] && router.forwardPages.map(\.route) == [.c])
        host.tapForward()
        #expect(router.routes == [.root, .a, .b, .c] && !router.canGoForward)
        host.tapForward()  // nothing ahead: nothing happens
        #expect(router.routes == [.root, .a, .b, .c])
    }

    @Test("Back's history keeps every page it takes; choosing a page ahead brings it and those before it in one step")
    func inOneStep() {
        let (router, host, counter) = fourPages()
        host.chooseInBackHistory(router.pages[0].id)
        #expect(router.forwardPages.map(\.route) == [.a, .b, .c] && counter.order.isEmpty)
        let shows = host.transitions.count
        host.chooseInForwardHistory(router.forwardPages[1].id)
        #expect(router.routes == [.root, .a, .b] && router.forwardPages.map(\.route) == [.c])
        #expect(host.transitions.count == shows + 1, "one change")
        #expect(!router.goForward(to: router.pages[1].id, animated: false), "a page on the stack is not ahead")
    }

    @Test("a new page drops forward history: each dropped page's onDismissed runs once, after the new page shows")
    func pushDrops() {
        let host = InMemoryHost<TestRoute>()
        let router = StackRouter(host: host)
        router.forwardLimit = 10
        var seen: [(page: TestRoute, shown: [TestRoute])] = []
        for route in [TestRoute.root, .a, .b, .c] {
            router.present(route, model: TitledModel("\(route)"), animated: true) {
                seen.append((route, host.pages.map(\.route)))
            }
        }
        host.tapBack()
        host.tapBack()
        #expect(seen.isEmpty)
        router.present(.c, model: TitledModel("new c"), animated: true, onDismissed: nil)
        #expect(seen.map(\.page) == [.c, .b], "the farthest first, once each")
        #expect(seen.allSatisfy { $0.shown == [.root, .a, .c] }, "after the new page shows: \(seen.map(\.shown))")
        #expect(router.forwardPages.isEmpty && host.forwardPages.isEmpty)
    }

    @Test("a change from code that removes pages drops forward history; so does a closed window")
    func codeDrops() {
        let (router, host, counter) = fourPages()
        host.tapBack()
        router.popTo(.a, animated: false)
        #expect(counter.order == ["c", "b"] && router.forwardPages.isEmpty, "the kept page (above) first")
        let (other, otherHost, otherCounter) = fourPages()
        otherHost.tapBack()
        otherHost.closeWindow()
        #expect(otherCounter.order == ["c", "b", "a", "root"] && other.forwardPages.isEmpty)
    }

    @Test("at most forwardLimit pages are kept: the farthest ends; lowering the limit ends the pages past it")
    func limit() {
        let (router, host, counter) = fourPages(limit: 2)
        host.tapBack()
        host.tapBack()
        host.tapBack()
        #expect(router.forwardPages.map(\.route) == [.a, .b] && counter.order == ["c"])
        router.forwardLimit = 1
        #expect(router.forwardPages.map(\.route) == [.a] && counter.order == ["c", "b"])
        #expect(host.forwardPages.map(\.route) == [.a], "the host is told")
    }

    @Test("data that went away takes its pages from forward history too")
    func dataRemoves() {
        let (router, host, counter) = fourPages()
        host.tapBack()
        host.tapBack()
        #expect(router.removeAll(where: { $0 == .c }, animated: false) == 1)
        #expect(router.forwardPages.map(\.route) == [.b] && counter.order == ["c"])
        #expect(router.routes == [.root, .a])
    }

    @Test("a guard that answers keep: Cancel closes the dialog and keeps its pages; Forward opens it again as it was")
    func guardKeeps() {
        let (router, host) = makeModal()
        router.forwardLimit = 10
        let counter = DismissCounter()
        let first = router.present(.a, model: TitledModel("a"), animated: false, onDismissed: counter.callback("a"))
        let second = router.present(.b, model: TitledModel("b"), animated: true, onDismissed: counter.callback("b"))
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .keep)
        router.setLeaveGuard(probe.guard, for: first)
        host.tapCancel()
        #expect(!host.isOpen && probe.requests.map(\.reason) == [.cancel])
        #expect(router.forwardPages.map(\.id) == [first, second] && counter.order.isEmpty)
        router.goForward(to: second, animated: true)
        #expect(host.isOpen && router.pages.map(\.id) == [first, second])
        #expect(router.hasLeaveGuard(first), "the page came back with its guard")
    }

    @Test("keep where no forward history is kept is leave")
    func keepWithoutHistory() {
        let (router, host) = makeModal()
        let counter = DismissCounter()
        let first = router.present(.a, model: TitledModel("a"), animated: false, onDismissed: counter.callback("a"))
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .keep)
        router.setLeaveGuard(probe.guard, for: first)
        host.tapCancel()
        #expect(!host.isOpen && counter.order == ["a"] && router.forwardPages.isEmpty)
    }

    @Test("a question on Back answered yes lets the page go: it is not kept")
    func discardedIsNotKept() async {
        let (router, host, counter) = fourPages()
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        router.setLeaveGuard(probe.guard, for: router.pages[3].id)
        host.tapBack()
        await probe.answer(true)
        #expect(counter.order == ["c"] && router.forwardPages.isEmpty)
    }

    @Test("Forward pressed while a question is open waits for the answer, then is made")
    func waitsForQuestion() async {
        let (router, host, _) = fourPages()
        host.tapBack()  // c kept
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        router.setLeaveGuard(probe.guard, for: router.pages[2].id)
        host.tapBack()  // b asks
        host.tapForward()
        #expect(router.routes == [.root, .a, .b], "nothing changes while the question is open")
        await probe.answer(false)
        await settle()
        #expect(router.routes == [.root, .a, .b, .c])
    }

    @Test("the journal records Forward and a guard's keep")
    func journal() throws {
        let (router, host) = makeModal()
        router.forwardLimit = 10
        let journal = NavigationJournal()
        router.journalPlace = JournalPlace(journal: journal, window: 1, router: "dialog")
        let first = router.present(.a, model: TitledModel("a"), animated: false, onDismissed: nil)
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .keep)
        router.setLeaveGuard(probe.guard, for: first)
        host.tapCancel()
        host.tapForward()
        let kinds = journal.events.map(\.kind)
        #expect(kinds.contains(.guardKept(page: "a")))
        #expect(kinds.contains(.host("forward", page: nil)))
        let text = JournalFile.text(of: journal.events)
        #expect(text.contains("answer\ta\tkeep"))
        #expect(try JournalFile.events(in: text).map(\.kind) == kinds)
    }

    @Test("a kept page is no leak; once dropped, its model must be gone")
    func leaks() {
        let (router, host, _) = fourPages()
        host.tapBack()
        #expect(host.survivors().isEmpty, "the kept page has not left")
        router.present(.a, model: TitledModel("new a"), animated: false, onDismissed: nil)
        #expect(host.survivors().isEmpty, "the dropped page's model is gone")
    }

    @Test("refresh keeps forward history as it is: the host still has it, and a kept page is no leak")
    func refreshKeeps() {
        let (router, host, _) = fourPages()
        host.tapBack()
        router.refresh()
        #expect(host.forwardPages.map(\.route) == [.c])
        #expect(host.survivors().isEmpty)
    }

    @Test("a flow that ends while Back had taken it: remove(from:) ends that page and those after it, at once")
    func removeFromForward() {
        let (router, host, counter) = fourPages()
        host.chooseInBackHistory(router.pages[1].id)  // b and c kept
        let b = router.forwardPages[0].id
        let shows = host.transitions.count
        #expect(router.remove(from: b, animated: true))
        #expect(counter.order == ["c", "b"] && router.forwardPages.isEmpty && router.routes == [.root, .a])
        #expect(host.transitions.count == shows + 1 && host.transitions.last == NavigationTransition.none)
        #expect(host.forwardPages.isEmpty)
    }

    @Test("a kept page takes a leave guard, and comes back with it")
    func guardOnKeptPage() {
        let (router, host, _) = fourPages()
        host.tapBack()
        let c = router.forwardPages[0].id
        router.setLeaveGuard({ _ in .stay }, for: c)
        #expect(router.hasLeaveGuard(c))
        host.tapForward()
        host.tapBack()
        #expect(router.routes == [.root, .a, .b, .c], "its guard keeps it")
    }

    @Test("Discard wins over another page's keep: the pages end")
    func discardWins() async {
        let (router, host, counter) = fourPages()
        let onC = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        let onB = ScriptedLeaveGuard<TestRoute>(decision: .keep)
        router.setLeaveGuard(onC.guard, for: router.pages[3].id)
        router.setLeaveGuard(onB.guard, for: router.pages[2].id)
        host.chooseInBackHistory(router.pages[1].id)
        await onC.answer(true)
        #expect(router.routes == [.root, .a])
        #expect(counter.order == ["c", "b"] && router.forwardPages.isEmpty)
    }

    @Test("keep on a change that adds pages (a link) is leave: the pages end")
    func keepOnALink() async {
        let (router, _, counter) = fourPages()
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .keep)
        router.setLeaveGuard(probe.guard, for: router.pages[3].id)
        let made = await router.request(
            .setStack([PageEntry(.root, model: TitledModel("root")), PageEntry(.a, model: TitledModel("a"))]),
            reason: .link, animated: false)
        #expect(made && router.routes == [.root, .a] && router.forwardPages.isEmpty)
        #expect(counter.order == ["c", "b", "a", "root"])
    }
}
