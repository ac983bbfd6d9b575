/// The display side of a `TabRouter`: one page host per tab, and a way to show one tab.
@MainActor
public protocol TabHost<Tab, Route>: AnyObject {
    /// The app's tab type.
    associatedtype Tab: Hashable
    /// The app's route type.
    associatedtype Route: NavigationRoute
    /// Receives the user's tab switches. Held weakly.
    var tabDelegate: (any TabHostDelegate<Tab>)? { get set }
    /// The page host of `tab`'s own stack.
    func pageHost(for tab: Tab) -> any NavigationHost<Route>
    /// Shows `tab`.
    func showTab(_ tab: Tab)
}
