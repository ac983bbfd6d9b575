import Navigation

/// A `Router` that records what a coordinator asked of it, for coordinator unit tests that
/// care about calls rather than pages. It keeps a real stack and runs `onDismissed`
/// exactly like `StackRouter`, so coordinators behave as they would for real.
@MainActor
public final class RecordingRouter<Route: NavigationRoute>: Router {
    /// One call made to the router.
    public enum Call: Equatable, Sendable {
        /// `present(_:model:animated:onDismissed:)`.
        case present(Route, animated: Bool)
        /// `dismiss(animated:)`.
        case dismiss(animated: Bool)
        /// `goBack(animated:)`.
        case goBack(animated: Bool)
        /// `remove(from:animated:)` (how a flow dismisses itself).
        case remove(from: PageID, animated: Bool)
        /// `popTo(_:animated:)`.
        case popTo(Route, animated: Bool)
        /// `replaceTop(with:model:animated:onDismissed:)`.
        case replaceTop(Route, animated: Bool)
        /// `setStack(_:animated:)`, with the new stack's routes.
        case setStack([Route], animated: Bool)
        /// `dismissAll(animated:)`.
        case dismissAll(animated: Bool)
        /// `removeAll(where:animated:)`, with the routes it removed.
        case removeAll([Route], animated: Bool)
        /// `refresh()`.
        case refresh
        /// `setLeaveGuard(_:for:)`, with whether a guard was set (`false`: removed).
        case setLeaveGuard(PageID, set: Bool)
        /// `request(_:reason:animated:)`, with the reason.
        case request(reason: LeaveReason, animated: Bool)
        /// `askLeaveGuards(_:reason:)`, with the reason.
        case askLeaveGuards(reason: LeaveReason)
    }

    /// Every call, in order.
    public private(set) var calls: [Call] = []
    private let host = InMemoryHost<Route>()
    private lazy var router = StackRouter(host: host)

    /// A router with an empty stack.
    public init() {}

    /// The current stack.
    public var pages: [Page<Route>] { router.pages }

    /// Whether the page `id` is shown (the top page: this router's host is one stack).
    public func isShown(_ id: PageID) -> Bool { router.isShown(id) }

    /// Registers `object` as brought by the page `id` (checked by the in-memory host).
    public func register(_ object: AnyObject, broughtBy id: PageID) { router.register(object, broughtBy: id) }

    /// Records the call and pushes the page.
    @discardableResult
    public func present(
        _ route: Route, model: any PageModel, animated: Bool, onDismissed: (@MainActor () -> Void)?
    ) -> PageID {
        calls.append(.present(route, animated: animated))
        return router.present(route, model: model, animated: animated, onDismissed: onDismissed)
    }

    /// Records the call and pops to the root.
    public func dismiss(animated: Bool) {
        calls.append(.dismiss(animated: animated))
        router.dismiss(animated: animated)
    }

    /// Records the call and pops one page.
    public func goBack(animated: Bool) {
        calls.append(.goBack(animated: animated))
        router.goBack(animated: animated)
    }

    /// Whether changes animate.
    public var animatesTransitions: Bool {
        get { router.animatesTransitions }
        set { router.animatesTransitions = newValue }
    }

    /// Records the call and removes `id` and the pages above it.
    @discardableResult
    public func remove(from id: PageID, animated: Bool) -> Bool {
        calls.append(.remove(from: id, animated: animated))
        return router.remove(from: id, animated: animated)
    }

    /// Records the call and pops to the topmost page showing `route`.
    @discardableResult
    public func popTo(_ route: Route, animated: Bool) -> Bool {
        calls.append(.popTo(route, animated: animated))
        return router.popTo(route, animated: animated)
    }

    /// Records the call and replaces the top page.
    @discardableResult
    public func replaceTop(
        with route: Route, model: any PageModel, animated: Bool, onDismissed: (@MainActor () -> Void)?
    ) -> PageID {
        calls.append(.replaceTop(route, animated: animated))
        return router.replaceTop(with: route, model: model, animated: animated, onDismissed: onDismissed)
    }

    /// Records the call and replaces the whole stack.
    @discardableResult
    public func setStack(_ entries: [PageEntry<Route>], animated: Bool) -> [PageID] {
        calls.append(.setStack(entries.map { $0.route }, animated: animated))
        return router.setStack(entries, animated: animated)
    }

    /// Records the call and removes every page.
    public func dismissAll(animated: Bool) {
        calls.append(.dismissAll(animated: animated))
        router.dismissAll(animated: animated)
    }

    /// Records the call (with the routes removed) and removes the matching pages.
    @discardableResult
    public func removeAll(where shows: (Route) -> Bool, animated: Bool) -> Int {
        calls.append(.removeAll(router.routes.filter(shows), animated: animated))
        return router.removeAll(where: shows, animated: animated)
    }

    /// Records the call and shows the same stack again.
    public func refresh() {
        calls.append(.refresh)
        router.refresh()
    }

    /// Records the call and guards the page.
    public func setLeaveGuard(_ guard: LeaveGuard<Route>?, for id: PageID) {
        calls.append(.setLeaveGuard(id, set: `guard` != nil))
        router.setLeaveGuard(`guard`, for: id)
    }

    /// Whether a leave guard protects the page `id`.
    public func hasLeaveGuard(_ id: PageID) -> Bool { router.hasLeaveGuard(id) }

    /// Records the call and asks the guards, changing nothing.
    public func askLeaveGuards(_ change: StackChange<Route>, reason: LeaveReason) async -> Bool {
        calls.append(.askLeaveGuards(reason: reason))
        return await router.askLeaveGuards(change, reason: reason)
    }

    /// The question a leave guard is asking now, if any.
    public var pendingLeave: LeaveRequest<Route>? { router.pendingLeave }

    /// Records the call and makes the change once the guards agree.
    @discardableResult
    public func request(_ change: StackChange<Route>, reason: LeaveReason, animated: Bool) async -> Bool {
        calls.append(.request(reason: reason, animated: animated))
        return await router.request(change, reason: reason, animated: animated)
    }

    /// The transitions the stack was shown with, in order (what a GTK host would animate).
    public var transitions: [NavigationTransition] { host.transitions }

    /// Observes the stack.
    public func observe(_ handler: @escaping @MainActor ([Page<Route>]) -> Void) -> StackObservation {
        router.observe(handler)
    }

    /// The routes presented, in order.
    public var presentedRoutes: [Route] {
        calls.compactMap { if case .present(let route, _) = $0 { route } else { nil } }
    }
}
