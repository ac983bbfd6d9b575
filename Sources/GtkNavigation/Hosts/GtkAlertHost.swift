import Gtk
import Navigation

/// Shows a router's top page as an `AlertWindow` over the window the user is looking at: a
/// question ("Discard changes?") is a route like any other, presented through a
/// `ModalRouter` on this host, so it is dismissed, tested and logged the same way.
///
/// `makeAlert` builds the alert for a page and connects the alert's `onResponse` to the
/// page's model (whose coordinator dismisses the page). Escape and the alert's close request
/// give the alert's safe answer, so they go through `onResponse` too. The alert closes when
/// its page leaves the router; if it is destroyed from outside (with its parent), the router
/// is told, and its page's `onDismissed` runs. When it closes, the focus comes back to where
/// it was in the window it was over (the field being edited, for *Keep editing*).
@MainActor
public final class GtkAlertHost<Route: NavigationRoute>: NavigationHost {
    /// The router.
    public weak var delegate: (any NavigationHostDelegate)?
    private let parent: @MainActor () -> Window?
    private let makeAlert: @MainActor (Page<Route>) -> AlertWindow
    private var shown: (page: PageID, alert: AlertWindow, over: Window?, focus: SavedFocus?)?

    /// A host showing alerts over the window `parent` returns when an alert opens (the
    /// open dialog, else the main window), built by `makeAlert`.
    public init(
        parent: @escaping @MainActor () -> Window?, makeAlert: @escaping @MainActor (Page<Route>) -> AlertWindow
    ) {
        self.parent = parent
        self.makeAlert = makeAlert
    }

    /// The alert on screen, if any.
    public var alert: AlertWindow? { shown?.alert }

    /// Shows the top page's alert (replacing another page's), or closes it when `pages` is empty.
    public func show(_ pages: [Page<Route>], transition: NavigationTransition) {
        guard let top = pages.last else { return close() }
        guard shown?.page != top.id else { return }
        close()
        let alert = makeAlert(top)
        let over = parent()
        shown = (top.id, alert, over, over.flatMap { SavedFocus(of: $0) })
        alert.window.onDestroy { [weak self] in
            guard let self, self.shown?.page == top.id else { return }  // destroyed from outside
            self.shown = nil
            self.delegate?.hostWasDestroyed()
        }
        alert.present(over: over)
    }

    private func close() {
        guard let shown else { return }
        self.shown = nil
        shown.alert.close()
        guard let over = shown.over, over.isMapped else { return }
        over.present()
        shown.focus?.restore()
    }
}
