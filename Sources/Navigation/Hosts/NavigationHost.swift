/// The display side of a router: a GtkStack, a modal window, or an in-memory fake.
///
/// The router calls `show(_:transition:)` with the complete stack after every change; the
/// host makes the screen match (creating views for new pages, freeing views of pages that
/// left, showing the top page). An empty stack means "nothing to show": a dialog host closes.
@MainActor
public protocol NavigationHost<Route>: AnyObject {
    /// The app's route type.
    associatedtype Route: NavigationRoute
    /// Receives user requests. Held weakly.
    var delegate: (any NavigationHostDelegate)? { get set }
    /// Makes the display match `pages` (bottom first; the top page is the one on top).
    func show(_ pages: [Page<Route>], transition: NavigationTransition)
    /// Makes the display match `pages`, with `forward` the pages the router keeps for
    /// Forward, the next one first (`PageRouter/forwardPages`): they have not left (their
    /// models live on; a host may keep or let go of their views), and a Forward control
    /// offers them. The routers call this one; the default calls `show(_:transition:)`.
    func show(_ pages: [Page<Route>], forward: [Page<Route>], transition: NavigationTransition)
    /// Whether a person can see and use the page `id` of `pages` (the stack last shown) now.
    /// A stack shows its top page; a split host shows its sidebar page and the page beside it;
    /// while a modal dialog covers the host's window, no page of it takes input. The default
    /// is a stack's answer: `id` is the top page.
    func isShown(_ id: PageID, of pages: [Page<Route>]) -> Bool
    /// Registers `object` as brought by the page `id` (its flow's coordinator, say): once the
    /// page has left and the host has settled, `object` must be gone. Hosts that check it
    /// report what is still alive; the default ignores it.
    func register(_ object: AnyObject, broughtBy id: PageID)
}

extension NavigationHost {
    /// For hosts written before Forward: shows `pages`; forward history is not shown.
    public func show(_ pages: [Page<Route>], forward: [Page<Route>], transition: NavigationTransition) {
        show(pages, transition: transition)
    }

    /// A stack's answer: the top page is the one shown.
    public func isShown(_ id: PageID, of pages: [Page<Route>]) -> Bool { pages.last?.id == id }

    /// Checks nothing.
    public func register(_ object: AnyObject, broughtBy id: PageID) {}
}
