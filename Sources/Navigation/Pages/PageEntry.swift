/// A page to be: what `Router.setStack(_:animated:)` builds one new page from.
@MainActor
public struct PageEntry<Route: NavigationRoute> {
    /// Which page it is (its route).
    public var route: Route
    /// The page's model.
    public var model: any PageModel
    /// Runs once, when the page leaves the stack.
    public var onDismissed: (@MainActor () -> Void)?

    /// An entry for a page showing `route` with `model`.
    public init(_ route: Route, model: any PageModel, onDismissed: (@MainActor () -> Void)? = nil) {
        self.route = route
        self.model = model
        self.onDismissed = onDismissed
    }
}
