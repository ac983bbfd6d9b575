/// The display side of a router: a GtkStack, a modal window, or an in-memory fake.
///
/// The router calls `show(_:transition:)` with the complete stack after every change; the
/// host makes the screen match (creating views for new pages, freeing views of pages that
/// left, showing the top page). An empty stack means "nothing to show": a modal host closes.
@MainActor
public protocol NavigationHost<Route>: AnyObject {
    /// The app's route type.
    associatedtype Route: NavigationRoute
    /// Receives user requests. Held weakly.
    var delegate: (any NavigationHostDelegate)? { get set }
    /// Makes the display match `pages` (bottom first, top visible).
    func show(_ pages: [Page<Route>], transition: NavigationTransition)
}
