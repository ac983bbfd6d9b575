/// A router that shows its pages in a dialog: a modal window with its own stack, over its parent
/// window (the *modal router* of the coordinator pattern; its host is a dialog host).
///
/// The first `present` opens the dialog; later ones push inside it. `dismiss`, the dialog's
/// Cancel button, Escape, Ctrl+W and the window's close button all close the whole dialog,
/// and every page in it has its `onDismissed` run exactly once (top first) — the root page's
/// closure is how the flow that opened the dialog learns it ended. Back inside the dialog
/// pops one page but never closes it. Each of these asks the leave guards of the pages it
/// would remove first; a dialog destroyed with its parent closes without asking.
@MainActor
public final class ModalRouter<Route: NavigationRoute>: PageRouter<Route>, Router, NavigationHostDelegate {
    /// A router opening its dialog on `host`. The router becomes the host's delegate.
    public init(host: any NavigationHost<Route>) {
        super.init(host: host, keepsRoot: false)
        host.delegate = self
    }

    /// Whether the dialog is open.
    public var isOpen: Bool { !pages.isEmpty }

    /// Closes the dialog, running every page's `onDismissed`, if the leave guards agree
    /// (reason `code`). Does nothing when closed.
    public func dismiss(animated: Bool) { submit(.dismiss, reason: .code, animated: animated) }
}
