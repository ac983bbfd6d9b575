/// How a host should animate a change of its stack.
public enum NavigationTransition: Sendable, Equatable {
    /// A page was added on top: slide the new page in from the end.
    case push
    /// Pages were removed from the top: slide back towards the start.
    case pop
    /// No animation (first page, `animated: false`, closing).
    case none
}

/// What a host tells its router about the user.
///
/// Hosts never change the stack themselves: they report what the user asked for and the
/// router decides. That keeps one source of truth and one code path for every way of
/// leaving a page.
@MainActor
public protocol NavigationHostDelegate: AnyObject {
    /// The user asked to go back one page (Back button, Alt+Left, mouse back button).
    func hostDidRequestBack()
    /// The user asked to close the whole host (Cancel, Escape, the window's close button).
    func hostDidRequestClose()
    /// The host went away without asking (e.g. its window was destroyed with its parent).
    /// Every page it showed has left.
    func hostDidClose()
}

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
