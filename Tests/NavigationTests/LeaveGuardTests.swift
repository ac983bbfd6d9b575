import Navigation
import NavigationTesting
import Testing

/// Every way a page can leave, as a test drives it.
enum Exit: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case backButton, backHistory, cancel, closeButton, goBackFromCode, dismiss, popTo, removeFrom, dismissAll
    case replaceTop, setStack, link

    var testDescription: String { rawValue }

    /// A dialog's Cancel and close buttons act on a modal router; the rest on a stack.
    var isModal: Bool { self == .cancel || self == .closeButton }

    /// What the guard should be told.
    var reason: LeaveReason {
        switch self {
        case .backButton, .backHistory: .back
        case .cancel: .cancel
        case .closeButton: .close
        case .link: .link
        default: .code
        }
    }

    /// The routes the stack `[root, a, b]` (or dialog `[a, b]`) shows after the exit.
    var destination: [TestRoute] {
        switch self {
        case .backButton, .goBackFromCode, .removeFrom: [.root, .a]
        case .cancel, .closeButton, .dismissAll: []
        case .dismiss, .popTo, .backHistory: [.root]
        case .replaceTop: [.root, .a, .c]
        case .setStack, .link: [.c]
        }
    }

    @MainActor
    func perform(on router: any Router<TestRoute>, host: InMemoryHost<TestRoute>, extra: DismissCounter) {
        switch self {
        case .backButton: host.tapBack()
        case .backHistory: host.chooseInBackHistory(router.pages[0].id)
        case .cancel: host.tapCancel()
        case .closeButton: host.tapClose()
        case .goBackFromCode: router.goBack(animated: true)
        case .dismiss: router.dismiss(animated: true)
        case .popTo: router.popTo(.root, animated: true)
        case .removeFrom: router.remove(from: router.pages[2].id, animated: true)
        case .dismissAll: router.dismissAll(animated: true)
        case .replaceTop:
            router.replaceTop(with: .c, model: TitledModel("c"), animated: true, onDismissed: extra.callback("new"))
        case .setStack:
            router.setStack(
                [PageEntry(.c, model: TitledModel("c"), onDismissed: extra.callback("new"))], animated: true)
        case .link:
            let entries = [PageEntry(TestRoute.c, model: TitledModel("c"), onDismissed: extra.callback("new"))]
            Task.immediate { await router.request(.setStack(entries), reason: .link, animated: true) }
        }
    }
}

@MainActor
@Suite("Leave guards: every exit asks once; a refused exit changes nothing")
struct LeaveGuardTests {
    /// `[root, a, b]` on a stack (or `[a, b]` in a dialog), `b` guarded by `probe`.
    private func setUp(for exit: Exit, decision: ScriptedLeaveGuard<TestRoute>.Decision) -> (
        router: any Router<TestRoute>, host: InMemoryHost<TestRoute>, counter: DismissCounter,
        probe: ScriptedLeaveGuard<TestRoute>
    ) {
        let host = InMemoryHost<TestRoute>()
        let router: any Router<TestRoute> = exit.isModal ? ModalRouter(host: host) : StackRouter(host: host)
        let counter = DismissCounter()
        for route in exit.isModal ? [TestRoute.a, .b] : [.root, .a, .b] {
            router.present(
                route, model: TitledModel("\(route)"), animated: true, onDismissed: counter.callback("\(route)"))
        }
        let probe = ScriptedLeaveGuard<TestRoute>(decision: decision)
        router.setLeaveGuard(probe.guard, for: router.pages.last!.id)
        return (router, host, counter, probe)
    }

    @Test("a refused exit (stay at once) changes nothing and asks once", arguments: Exit.allCases)
    func refusedAtOnce(exit: Exit) async {
        let (router, host, counter, probe) = setUp(for: exit, decision: .stay)
        let before = (router.pages, host.pages, host.transitions.count)
        let extra = DismissCounter()
        exit.perform(on: router, host: host, extra: extra)
        await Task.yield()
        #expect(probe.requests.count == 1)
        #expect(probe.requests.first?.reason == exit.reason)
        #expect(router.pages == before.0 && host.pages == before.1, "stack and screen unchanged")
        #expect(host.transitions.count == before.2, "the host was not even asked to redraw")
        #expect(counter.order.isEmpty, "no onDismissed ran")
        if exit == .replaceTop || exit == .setStack || exit == .link {
            #expect(extra.order == ["new"], "the page that never appeared ends its flow at once")
        }
    }

    @Test(
        "an exit asks, waits with nothing changed, and is made once on yes or not at all on no",
        arguments: Exit.allCases, [true, false])
    func askedLater(exit: Exit, yes: Bool) async {
        let (router, host, counter, probe) = setUp(for: exit, decision: .ask)
        let before = router.pages
        let extra = DismissCounter()
        exit.perform(on: router, host: host, extra: extra)
        await Task.yield()
        #expect(probe.isAsking)
        #expect(router.pendingLeave?.reason == exit.reason)
        #expect(router.pendingLeave?.page.id == before.last?.id)
        #expect(router.pendingLeave?.destination == exit.destination, "the guard is told what would remain")
        #expect(router.pages == before && counter.order.isEmpty, "nothing changes while the question is open")
        await probe.answer(yes)
        #expect(router.pendingLeave == nil)
        #expect(probe.requests.count == 1, "asked exactly once")
        if yes {
            #expect(router.routes == exit.destination)
            let left = before.map(\.route).filter { !exit.destination.contains($0) || $0 == .b }
            for route in left where !router.pages.contains(where: { $0.id == before.first { $0.route == route }?.id }) {
                #expect(counter.count("\(route)") == 1, "onDismissed of \(route) ran exactly once")
            }
            #expect(counter.count("b") == 1)
            #expect(extra.order.isEmpty, "the new pages are on the stack")
        } else {
            #expect(router.pages == before && host.pages == before)
            #expect(counter.order.isEmpty)
            if exit == .replaceTop || exit == .setStack || exit == .link { #expect(extra.order == ["new"]) }
        }
    }

    @Test("request(_:reason:animated:) returns false only when the change was refused")
    func requestReturnsOutcome() async {
        let (router, _, _, probe) = setUp(for: .dismiss, decision: .stay)
        #expect(await router.request(.dismiss, reason: .link, animated: false) == false)
        probe.decision = .leave
        #expect(await router.request(.goBack, reason: .code, animated: false) == true)
        #expect(router.routes == [.root, .a])
        #expect(await router.request(.popTo(.c), reason: .code, animated: false) == true, "nothing to do")
    }

    @Test("a request from code while an answer is pending joins the question: one question, the latest is made on yes")
    func codeRequestJoinsTheQuestion() async {
        let (router, host, counter, probe) = setUp(for: .backButton, decision: .ask)
        host.tapBack()
        router.dismiss(animated: true)
        #expect(probe.requests.count == 1)
        #expect(router.routes == [.root, .a, .b])
        await probe.answer(true)
        #expect(probe.requests.count == 1, "no second question after the answer")
        #expect(router.routes == [.root], "the latest request (dismiss) was made")
        #expect(counter.order == ["b", "a"])
    }

    @Test("a Back the user makes while an answer is pending waits for it: after yes, one page more leaves")
    func userBackWaitsForTheAnswer() async {
        let (router, host, counter, probe) = setUp(for: .backButton, decision: .ask)
        host.tapBack()
        host.tapBack()  // e.g. Alt+Left right after a click on Discard, before the answer arrived
        #expect(probe.requests.count == 1, "one question open")
        #expect(router.routes == [.root, .a, .b], "nothing leaves while it is open")
        await probe.answer(true)
        #expect(router.routes == [.root], "the answered Back, then the waiting one")
        #expect(counter.order == ["b", "a"])
        #expect(probe.requests.count == 1)
    }

    @Test("a Back that waited for a question answered no asks again (its leave would lose something)")
    func userBackAfterNoAsksAgain() async {
        let (router, host, _, probe) = setUp(for: .backButton, decision: .ask)
        host.tapBack()
        host.tapBack()
        await probe.answer(false)
        #expect(router.routes == [.root, .a, .b], "Keep editing kept the page")
        #expect(probe.requests.count == 2, "the waiting Back asked again")
        #expect(router.pendingLeave?.reason == .back)
        await probe.answer(true)
        #expect(router.routes == [.root, .a])
    }

    @Test("Cancel, Escape and the close button the user makes while an answer is pending wait for it, in order")
    func userClosesWaitInOrder() async {
        let (router, host, _, probe) = setUp(for: .cancel, decision: .ask)
        host.tapBack()  // the dialog's Back asks about b
        host.tapCancel()
        host.tapClose()
        #expect(probe.requests.count == 1)
        await probe.answer(false)
        #expect(probe.requests.map(\.reason) == [.back, .cancel], "the Cancel that waited asks next")
        await probe.answer(false)
        #expect(probe.requests.map(\.reason) == [.back, .cancel, .close], "then the close")
        await probe.answer(true)
        #expect(router.routes.isEmpty, "the close closed the dialog")
    }

    @Test("the requests that waited are dropped with the window (the host closed)")
    func waitingRequestsGoWithTheWindow() async {
        let (router, host, counter, probe) = setUp(for: .backButton, decision: .ask)
        host.tapBack()
        host.tapBack()
        host.closeWindow()
        await probe.answer(true)
        #expect(router.routes.isEmpty && counter.order == ["b", "a", "root"])
        #expect(probe.requests.count == 1)
    }

    @Test("a superseded request is told it was not made; the request that was answered is")
    func supersededRequestIsNotMade() async {
        let (router, _, _, probe) = setUp(for: .dismiss, decision: .ask)
        // Both are submitted before the first suspension (Task.immediate); the second joins the
        // pending question and the first is told at once. Awaiting the tasks' values, not a
        // yield, is what waits for their continuations under any load.
        let first = Task.immediate { await router.request(.goBack, reason: .code, animated: false) }
        let second = Task.immediate { await router.request(.dismiss, reason: .link, animated: false) }
        #expect(router.pendingLeave?.reason == .code, "still the first question (no second one)")
        #expect(await first.value == false)
        await probe.answer(true)
        #expect(await second.value == true)
        #expect(router.routes == [.root])
        #expect(probe.requests.count == 1)
    }

    @Test("two guarded pages: each is asked once, top first; a no from either keeps both")
    func twoGuards() async {
        let (router, _, counter, top) = setUp(for: .dismiss, decision: .ask)
        let lower = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        router.setLeaveGuard(lower.guard, for: router.pages[1].id)
        router.dismiss(animated: true)
        #expect(top.isAsking && !lower.isAsking)
        await top.answer(true)
        #expect(lower.isAsking, "then the page below")
        #expect(router.routes == [.root, .a, .b], "still nothing changed")
        await lower.answer(false)
        #expect(router.routes == [.root, .a, .b] && counter.order.isEmpty)
        router.dismiss(animated: true)
        await top.answer(true)
        await lower.answer(true)
        #expect(router.routes == [.root] && counter.order == ["b", "a"])
        #expect(top.requests.count == 2 && lower.requests.count == 2)
    }

    @Test("the data removing a page is not vetoable: no question, and an open one is cancelled")
    func dataRemovalIsNotVetoable() async {
        let (router, _, counter, probe) = setUp(for: .dismiss, decision: .stay)
        #expect(router.removeAll(where: { $0 == .b }, animated: true) == 1)
        #expect(probe.requests.isEmpty && counter.order == ["b"])

        let (router2, host2, counter2, probe2) = setUp(for: .backButton, decision: .ask)
        host2.tapBack()
        #expect(probe2.isAsking)
        router2.removeAll(where: { $0 == .b }, animated: true)
        for _ in 0..<4 { await Task.yield() }
        #expect(probe2.cancelledQuestions == 1)
        #expect(router2.pendingLeave == nil)
        #expect(router2.routes == [.root, .a], "the pending Back meant b, which has gone: a stays")
        #expect(counter2.order == ["b"])
        _ = router

        let (router3, _, counter3, probe3) = setUp(for: .link, decision: .ask)
        let lower = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        router3.setLeaveGuard(lower.guard, for: router3.pages[1].id)
        router3.dismiss(animated: true)
        #expect(probe3.isAsking)
        router3.removeAll(where: { $0 == .b }, animated: true)
        for _ in 0..<4 { await Task.yield() }
        #expect(probe3.cancelledQuestions == 1)
        #expect(lower.isAsking, "a dismiss still wanted is asked anew of the pages that remain")
        await lower.answer(true)
        #expect(router3.routes == [.root] && counter3.order == ["b", "a"])
    }

    @Test("a destroyed window removes guarded pages without asking")
    func windowClosedIsNotVetoable() async {
        let (router, host, counter, probe) = setUp(for: .cancel, decision: .stay)
        host.closeWindow()
        #expect(router.pages.isEmpty)
        #expect(probe.requests.isEmpty)
        #expect(counter.order == ["b", "a"])
    }

    @Test("switching tabs is not leaving: it never asks, and both stacks stay")
    func tabSwitchNeverAsks() {
        let host = InMemoryTabHost<String, TestRoute>(tabs: ["one", "two"])
        let tabs = TabRouter(tabs: ["one", "two"], host: host)
        for tab in tabs.tabs { tabs.router(for: tab).present(.root, model: TitledModel("root")) }
        let page = tabs.router(for: "one").present(.a, model: TitledModel("a"))
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .stay)
        tabs.router(for: "one").setLeaveGuard(probe.guard, for: page)
        host.tapTab("two")
        host.tapTab("one")
        tabs.select("two")
        #expect(probe.requests.isEmpty)
        #expect(tabs.router(for: "one").routes == [.root, .a])
        #expect(tabs.router(for: "two").routes == [.root])
    }

    @Test("a flow's guard is asked when its first page would leave, not for Back inside the flow")
    func flowGuard() async {
        let (router, host) = makeStack()
        router.present(.root, model: TitledModel("root"))
        let flow = TwoStepFlow(router: router)
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .stay)
        flow.leaveGuard = probe.guard
        var ended = 0
        flow.present(animated: true) { ended += 1 }
        flow.next()
        host.tapBack()
        #expect(router.routes == [.root, .a], "Back inside the flow does not ask")
        #expect(probe.requests.isEmpty)
        host.tapBack()
        #expect(probe.requests.map(\.reason) == [.back])
        #expect(router.routes == [.root, .a] && ended == 0)
        probe.decision = .leave
        flow.dismiss(animated: true)
        #expect(probe.requests.map(\.reason) == [.back, .code])
        #expect(router.routes == [.root] && ended == 1)
    }

    @Test("a guard that answers leave at once costs nothing: the change is made in the same call")
    func leaveAtOnceIsSynchronous() {
        let (router, host, counter, probe) = setUp(for: .backButton, decision: .leave)
        host.tapBack()
        #expect(router.routes == [.root, .a] && counter.order == ["b"])
        #expect(probe.requests.count == 1)
    }

    @Test("the guard leaves with its page and frees what it captured")
    func guardIsFreedWithItsPage() {
        let (router, host) = makeStack()
        router.present(.root, model: TitledModel("root"))
        weak var weakModel: TitledModel?
        do {
            let model = TitledModel("a")
            weakModel = model
            let id = router.present(.a, model: model)
            router.setLeaveGuard(
                { _ in
                    _ = model
                    return .leave
                }, for: id)
        }
        host.tapBack()
        #expect(weakModel == nil)
    }
}

/// A flow of two pages, `a` then `b`.
@MainActor
private final class TwoStepFlow: FlowCoordinator<TestRoute> {
    override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        router.present(.a, model: TitledModel("a"), animated: animated, onDismissed: onDismissed)
    }
    func next() { router.present(.b, model: TitledModel("b")) }
}
