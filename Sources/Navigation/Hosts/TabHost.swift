/// The display side of a `TabRouter`: one page host per tab, and a way to show one tab.
@MainActor
public protocol TabHost<Tab, Route>: AnyObject {
    /// The app's tab type.
    associatedtype Tab: Hashable
    /// The app's route type.
    associatedtype Route: NavigationRoute
    /// The host type of each tab's stack (`GtkStackHost` for `GtkTabHost`).
    associatedtype PageHost: NavigationHost<Route>
    /// Receives the user's tab switches. Held weakly.
    var tabDelegate: (any TabHostDelegate<Tab>)? { get set }
    /// The page host of `tab`'s own stack.
    func pageHost(for tab: Tab) -> PageHost
    /// Shows `tab`.
    func showTab(_ tab: Tab)
}
