/// What a tab host tells its `TabRouter` about the user.
@MainActor
public protocol TabHostDelegate<Tab>: AnyObject {
    /// The app's tab type.
    associatedtype Tab: Hashable
    /// The user switched to `tab` (clicked its switcher button).
    func tabHostDidSelect(_ tab: Tab)
}

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

/// Tabs, each with its own `StackRouter` and back stack.
///
/// Switching tabs keeps every tab's stack as it was; Back (and every router operation a
/// coordinator performs on `router(for:)`) acts on one tab only. `visibleRouter` is the one
/// the user is looking at.
@MainActor
public final class TabRouter<Tab: Hashable & Sendable, Route: NavigationRoute>: TabHostDelegate {
    /// The tabs, in order.
    public let tabs: [Tab]
    /// The tab shown now.
    public private(set) var selectedTab: Tab
    private var routers: [Tab: StackRouter<Route>] = [:]
    private let host: any TabHost<Tab, Route>
    private var selectionHandlers: [@MainActor (Tab) -> Void] = []

    /// Tabs `tabs` (at least one) on `host`, showing the first.
    public init(tabs: [Tab], host: any TabHost<Tab, Route>) {
        precondition(!tabs.isEmpty, "a TabRouter needs at least one tab")
        self.tabs = tabs
        self.host = host
        selectedTab = tabs[0]
        for tab in tabs { routers[tab] = StackRouter(host: host.pageHost(for: tab)) }
        host.tabDelegate = self
        host.showTab(selectedTab)
    }

    /// The router of `tab`'s stack.
    public func router(for tab: Tab) -> StackRouter<Route> { routers[tab]! }

    /// The router of the visible tab.
    public var visibleRouter: StackRouter<Route> { routers[selectedTab]! }

    /// Shows `tab`, leaving every stack as it is.
    public func select(_ tab: Tab) {
        guard routers[tab] != nil, tab != selectedTab else { return }
        selectedTab = tab
        host.showTab(tab)
        for handler in selectionHandlers { handler(tab) }
    }

    /// Back on the visible tab.
    public func goBack(animated: Bool) { visibleRouter.goBack(animated: animated) }

    /// Calls `handler` with the new tab after every switch.
    public func onSelect(_ handler: @escaping @MainActor (Tab) -> Void) { selectionHandlers.append(handler) }

    /// The user switched tabs.
    public func tabHostDidSelect(_ tab: Tab) { select(tab) }
}
