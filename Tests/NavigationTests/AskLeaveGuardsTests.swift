import Navigation
import NavigationTesting
import Testing

/// `Router.hasLeaveGuard(_:)` and `Router.askLeaveGuards(_:reason:)`: what a window group asks
/// every window's routers before a record goes, through the protocol.
@MainActor
@Suite("Asking the leave guards without a change")
struct AskLeaveGuardsTests {
    @Test("hasLeaveGuard: true while a guard is set, false once removed or its page left")
    func hasLeaveGuard() {
        let (router, host) = makeStack()
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: nil)
        let a = router.present(.a, model: TitledModel("A"), animated: false, onDismissed: nil)
        let answers = ScriptedLeaveGuard<TestRoute>(decision: .leave)
        #expect(!router.hasLeaveGuard(a))
        router.setLeaveGuard(answers.guard, for: a)
        #expect(router.hasLeaveGuard(a))
        #expect(!router.hasLeaveGuard(router.pages[0].id))
        router.setLeaveGuard(nil, for: a)
        #expect(!router.hasLeaveGuard(a))
        router.setLeaveGuard(answers.guard, for: a)
        host.tapBack()
        #expect(!router.hasLeaveGuard(a))
    }

    @Test("askLeaveGuards asks each guard once, with the reason, and changes nothing", arguments: [true, false])
    func asksAndChangesNothing(agrees: Bool) async {
        let (router, _) = makeStack()
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: nil)
        let a = router.present(.a, model: TitledModel("A"), animated: false, onDismissed: nil)
        let answers = ScriptedLeaveGuard<TestRoute>(decision: agrees ? .leave : .stay)
        router.setLeaveGuard(answers.guard, for: a)
        #expect(await router.askLeaveGuards(.remove(from: a), reason: .code) == agrees)
        #expect(answers.requests.map(\.reason) == [.code])
        #expect(router.routes == [.root, .a])
    }

    /// A router written before the two requirements: its guards are not seen, and asking them
    /// agrees (documented: such a router has no way to ask).
    @Test("a router that does not implement them (the protocol's defaults) has no guard and agrees")
    func defaults() async {
        let router = OlderRouter()
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: nil)
        let a = router.present(.a, model: TitledModel("A"), animated: false, onDismissed: nil)
        let answers = ScriptedLeaveGuard<TestRoute>(decision: .stay)
        router.setLeaveGuard(answers.guard, for: a)
        #expect(!router.hasLeaveGuard(a))
        #expect(await router.askLeaveGuards(.remove(from: a), reason: .code))
        #expect(answers.requests.isEmpty)
    }

    @Test("RecordingRouter forwards both to its stack and records the question")
    func recordingRouter() async {
        let router = RecordingRouter<TestRoute>()
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: nil)
        let a = router.present(.a, model: TitledModel("A"), animated: false, onDismissed: nil)
        let answers = ScriptedLeaveGuard<TestRoute>(decision: .stay)
        router.setLeaveGuard(answers.guard, for: a)
        #expect(router.hasLeaveGuard(a))
        #expect(!(await router.askLeaveGuards(.remove(from: a), reason: .code)))
        #expect(router.calls.last == .askLeaveGuards(reason: .code))
        #expect(router.routes == [.root, .a])
    }
}

/// A router that forwards to a `StackRouter` everything but `hasLeaveGuard(_:)` and
/// `askLeaveGuards(_:reason:)`: one written before they were added.
@MainActor
private final class OlderRouter: Router {
    private let host = InMemoryHost<TestRoute>()
    private lazy var router = StackRouter(host: host)

    var pages: [Page<TestRoute>] { router.pages }
    var animatesTransitions: Bool {
        get { router.animatesTransitions }
        set { router.animatesTransitions = newValue }
    }
    var pendingLeave: LeaveRequest<TestRoute>? { router.pendingLeave }

    @discardableResult
    func present(
        _ route: TestRoute, model: any PageModel, animated: Bool, onDismissed: (@MainActor () -> Void)?
    ) -> PageID {
        router.present(route, model: model, animated: animated, onDismissed: onDismissed)
    }
    func dismiss(animated: Bool) { router.dismiss(animated: animated) }
    func goBack(animated: Bool) { router.goBack(animated: animated) }
    func observe(_ handler: @escaping @MainActor ([Page<TestRoute>]) -> Void) -> StackObservation {
        router.observe(handler)
    }
    func remove(from id: PageID, animated: Bool) -> Bool { router.remove(from: id, animated: animated) }
    func popTo(_ route: TestRoute, animated: Bool) -> Bool { router.popTo(route, animated: animated) }
    func replaceTop(
        with route: TestRoute, model: any PageModel, animated: Bool, onDismissed: (@MainActor () -> Void)?
    ) -> PageID {
        router.replaceTop(with: route, model: model, animated: animated, onDismissed: onDismissed)
    }
    func setStack(_ entries: [PageEntry<TestRoute>], animated: Bool) -> [PageID] {
        router.setStack(entries, animated: animated)
    }
    func dismissAll(animated: Bool) { router.dismissAll(animated: animated) }
    func removeAll(where shows: (TestRoute) -> Bool, animated: Bool) -> Int {
        router.removeAll(where: shows, animated: animated)
    }
    func refresh() { router.refresh() }
    func setLeaveGuard(_ guard: LeaveGuard<TestRoute>?, for id: PageID) { router.setLeaveGuard(`guard`, for: id) }
    func request(_ change: StackChange<TestRoute>, reason: LeaveReason, animated: Bool) async -> Bool {
        await router.request(change, reason: reason, animated: animated)
    }
}
