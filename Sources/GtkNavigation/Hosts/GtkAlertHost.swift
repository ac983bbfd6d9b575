import Gtk
import Navigation

/// Shows a router's top page as an `Alert` inside its window (in the window's `ModalLayer`,
/// over everything there, an open dialog included): a question ("Discard changes?") is a route
/// like any other, presented through a `ModalRouter` on this host, so it is dismissed, tested
/// and logged the same way.
///
/// `makeAlert` builds the alert for a page and connects the alert's `onResponse` to the
/// page's model (whose coordinator dismisses the page). Escape gives the alert's safe answer,
/// so it goes through `onResponse` too. The alert closes when its page leaves the router; if
/// its window is destroyed, the router is told, and its page's `onDismissed` runs. When it
/// closes, the focus comes back to where it was (the field being edited, for *Keep editing*).
@MainActor
public final class GtkAlertHost<Route: NavigationRoute>: NavigationHost {
    /// The router.
    public weak var delegate: (any NavigationHostDelegate)?
    private let layer: ModalLayer
    private let makeAlert: @MainActor (Page<Route>) -> Alert
    private var shown: (page: PageID, alert: Alert, focus: SavedFocus?)?

    /// A host showing alerts in `layer`, built by `makeAlert`.
    public init(layer: ModalLayer, makeAlert: @escaping @MainActor (Page<Route>) -> Alert) {
        self.layer = layer
        self.makeAlert = makeAlert
        layer.window?.onDestroy { [weak self] in
            guard let self, self.shown != nil else { return }
            self.shown = nil
            self.delegate?.hostWasDestroyed()
        }
    }

    /// The alert on screen, if any.
    public var alert: Alert? { shown?.alert }

    /// Shows the top page's alert (replacing another page's), or closes it when `pages` is empty.
    public func show(_ pages: [Page<Route>], transition: NavigationTransition) {
        guard let top = pages.last else { return close() }
        guard shown?.page != top.id else { return }
        close()
        let alert = makeAlert(top)
        shown = (top.id, alert, layer.window.flatMap { SavedFocus(of: $0) })
        alert.present(in: layer)
    }

    private func close() {
        guard let shown else { return }
        self.shown = nil
        shown.alert.close()
        guard layer.window?.isMapped == true else { return }
        shown.focus?.restore()
    }
}
