/// A router over a stack of pages in one window area (a GtkStack under a header bar).
///
/// The first page presented is the router's root and stays: `dismiss` pops back to it, and
/// Back does nothing on it. Each page above it leaves through the user's Back or through
/// `dismiss`/`popToRoot`, and its `onDismissed` runs exactly once either way.
@MainActor
public final class StackRouter<Route: NavigationRoute>: Router, NavigationHostDelegate {
    private let core: RouterCore<Route>

    /// A router showing its pages on `host`. The router becomes the host's delegate.
    public init(host: any NavigationHost<Route>) {
        core = RouterCore(host: host)
        host.delegate = self
    }

    /// The current stack, bottom first.
    public var pages: [Page<Route>] { core.pages }

    /// Whether there is a page to go back to.
    public var canGoBack: Bool { core.pages.count > 1 }

    /// Pushes a page for `route`. The first page presented becomes the root.
    @discardableResult
    public func present(
        _ route: Route, model: any PageModel, animated: Bool, onDismissed: (@MainActor () -> Void)?
    ) -> PageID {
        let page = Page(route: route, model: model)
        core.push(page, animated: animated, onDismissed: onDismissed)
        return page.id
    }

    /// Pops everything above the root page.
    public func dismiss(animated: Bool) { popToRoot(animated: animated) }

    /// Pops everything above the root page.
    public func popToRoot(animated: Bool) { core.truncate(to: min(1, core.pages.count), animated: animated) }

    /// Pops the top page unless it is the root.
    public func goBack(animated: Bool) {
        guard canGoBack else { return }
        core.truncate(to: core.pages.count - 1, animated: animated)
    }

    /// Calls `handler` with the new stack after every change.
    public func observe(_ handler: @escaping @MainActor ([Page<Route>]) -> Void) -> StackObservation {
        core.observe(handler)
    }

    /// Number of `onDismissed` closures still waiting for their pages to leave.
    public var pendingDismissHandlers: Int { core.stack.pendingDismissHandlers }

    // MARK: NavigationHostDelegate

    /// The user's Back: pop one page.
    public func hostDidRequestBack() { goBack(animated: true) }

    /// A stack host has nothing to cancel; a close request pops to the root.
    public func hostDidRequestClose() { popToRoot(animated: true) }

    /// The host's window is gone: every page, the root too, has left.
    public func hostDidClose() { core.truncate(to: 0, animated: false) }
}
