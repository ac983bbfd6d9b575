import Navigation
import NavigationTesting
import Testing

@MainActor
@Suite("Back's history: back to a chosen page in one step")
struct BackHistoryTests {
    /// `[root, a, b, c]` on a stack.
    private func fourPages() -> (router: StackRouter<TestRoute>, host: InMemoryHost<TestRoute>, counter: DismissCounter)
    {
        let host = InMemoryHost<TestRoute>()
        let router = StackRouter(host: host)
        let counter = DismissCounter()
        for route in [TestRoute.root, .a, .b, .c] {
            router.present(
                route, model: TitledModel("\(route)"), animated: true, onDismissed: counter.callback("\(route)"))
        }
        return (router, host, counter)
    }

    @Test("the history lists the pages below the top, newest first; none on a root page")
    func history() {
        let (router, host, _) = fourPages()
        #expect(host.backHistory.map(\.route) == [.b, .a, .root])
        router.dismiss(animated: false)
        #expect(host.backHistory.isEmpty)
    }

    @Test("choosing a page removes every page above it in one change, each onDismissed once, top first")
    func oneStep() async {
        let (router, host, counter) = fourPages()
        let shows = host.transitions.count
        host.chooseInBackHistory(router.pages[0].id)
        #expect(router.routes == [.root])
        #expect(host.pages.map(\.route) == [.root])
        #expect(host.transitions.count == shows + 1, "one change, not three")
        #expect(host.transitions.last == .pop)
        #expect(counter.order == ["c", "b", "a"])
    }

    @Test("each guarded page that would leave is asked once, top first, with the reason back")
    func eachAskedOnce() async {
        let (router, host, _) = fourPages()
        let onC = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        let onA = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        router.setLeaveGuard(onC.guard, for: router.pages[3].id)
        router.setLeaveGuard(onA.guard, for: router.pages[1].id)
        host.chooseInBackHistory(router.pages[0].id)
        #expect(onC.isAsking && !onA.isAsking, "the top page first")
        #expect(onC.requests.first?.reason == .back)
        #expect(onC.requests.first?.destination == [.root])
        await onC.answer(true)
        #expect(onA.isAsking, "then the next guarded page")
        #expect(router.routes == [.root, .a, .b, .c], "nothing leaves before every guard agreed")
        await onA.answer(true)
        #expect(router.routes == [.root])
        #expect(onC.requests.count == 1 && onA.requests.count == 1)
    }

    @Test("a page that stays keeps every page: nothing changes")
    func refused() async {
        let (router, host, counter) = fourPages()
        let onB = ScriptedLeaveGuard<TestRoute>(decision: .stay)
        router.setLeaveGuard(onB.guard, for: router.pages[2].id)
        let before = host.transitions.count
        host.chooseInBackHistory(router.pages[0].id)
        #expect(router.routes == [.root, .a, .b, .c])
        #expect(host.transitions.count == before && counter.order.isEmpty)
    }

    @Test("the top page, or a page not on the stack, does nothing")
    func nothingToDo() {
        let (router, host, counter) = fourPages()
        let other = fourPages()
        host.chooseInBackHistory(router.pages[3].id)
        host.chooseInBackHistory(other.router.pages[1].id)
        #expect(router.routes == [.root, .a, .b, .c] && counter.order.isEmpty)
    }

    @Test("chosen while a question is open, it waits for the answer, then is made")
    func waitsForAQuestion() async {
        let (router, host, _) = fourPages()
        let onC = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        router.setLeaveGuard(onC.guard, for: router.pages[3].id)
        host.tapBack()
        #expect(onC.isAsking)
        host.chooseInBackHistory(router.pages[0].id)
        #expect(router.routes == [.root, .a, .b, .c], "nothing while the question is open")
        await onC.answer(true)
        await settle()
        #expect(router.routes == [.root])
        #expect(onC.requests.count == 1, "c already agreed to leave")
    }
}
