/// A router that shows its pages in a modal dialog over the main window.
///
/// The first `present` opens the dialog; later ones push inside it. `dismiss`, the dialog's
/// Cancel button, Escape and the window's close button all close the whole dialog, and every
/// page in it has its `onDismissed` run exactly once (top first) — the root page's closure
/// is how the flow that opened the dialog learns it ended. Back inside the dialog pops one
/// page but never closes it.
@MainActor
public final class ModalRouter<Route: NavigationRoute>: Router, NavigationHostDelegate {
    private let core: RouterCore<Route>

    /// A router opening its dialog on `host`. The router becomes the host's delegate.
    public init(host: any NavigationHost<Route>) {
        core = RouterCore(host: host)
        host.delegate = self
    }

    /// The dialog's stack, bottom first; empty while the dialog is closed.
    public var pages: [Page<Route>] { core.pages }

    /// Whether the dialog is open.
    public var isPresenting: Bool { !core.pages.isEmpty }

    /// Whether there is a page inside the dialog to go back to.
    public var canGoBack: Bool { core.pages.count > 1 }

    /// Opens the dialog with this page, or pushes it inside the open dialog.
    @discardableResult
    public func present(
        _ route: Route, model: any PageModel, animated: Bool, onDismissed: (@MainActor () -> Void)?
    ) -> PageID {
        let page = Page(route: route, model: model)
        core.push(page, animated: animated, onDismissed: onDismissed)
        return page.id
    }

    /// Closes the dialog, running every page's `onDismissed`. Does nothing when closed.
    public func dismiss(animated: Bool) { core.truncate(to: 0, animated: animated) }

    /// Pops the top page inside the dialog; does nothing on the dialog's first page.
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

    /// The user's Back inside the dialog.
    public func hostDidRequestBack() { goBack(animated: true) }

    /// Cancel, Escape or the window's close button: close the dialog.
    public func hostDidRequestClose() { dismiss(animated: false) }

    /// The dialog window is gone (destroyed with its parent): its pages have left.
    public func hostDidClose() { dismiss(animated: false) }
}
