/// A router over a stack of pages in one window area (a GtkStack under a header bar).
///
/// The first page presented is the router's root and stays: `dismiss` pops back to it, and
/// Back does nothing on it. Each page above it leaves through the user's Back or through
/// `dismiss`, and its `onDismissed` runs exactly once either way. If the host's
/// window is destroyed, every page — the root too — has left, whatever their leave guards.
@MainActor
public final class StackRouter<Route: NavigationRoute>: PageRouter<Route>, Router, NavigationHostDelegate {
    /// A router showing its pages on `host`. The router becomes the host's delegate.
    public init(host: any NavigationHost<Route>) {
        super.init(host: host, keepsRoot: true)
        host.delegate = self
    }

    /// Pops everything above the root page, if their leave guards agree (reason `code`).
    public func dismiss(animated: Bool) { submit(.dismiss, reason: .code, animated: animated) }
}
