/// A change to a router's stack, as `Router.request(_:reason:animated:)` takes it: the
/// same changes the router's methods make, as a value.
@MainActor
public enum StackChange<Route: NavigationRoute> {
    /// Remove the top page (never the only one): `goBack(animated:)`.
    case goBack
    /// Back to the router's resting state: `dismiss(animated:)`.
    case dismiss
    /// Remove every page: `dismissAll(animated:)`.
    case dismissAll
    /// Remove every page above the topmost page showing the route: `popTo(_:animated:)`.
    case popTo(Route)
    /// Remove the page and every page above it: `remove(from:animated:)`.
    case remove(from: PageID)
    /// Replace the top page: `replaceTop(with:model:animated:onDismissed:)`.
    case replaceTop(PageEntry<Route>)
    /// Replace the whole stack: `setStack(_:animated:)`.
    case setStack([PageEntry<Route>])
}
