/// Tabs, each with its own `StackRouter` and back stack.
///
/// Switching tabs keeps every tab's stack as it was. Every operation a coordinator performs
/// on `router(for:)`, and the user's Back on the selected tab, acts on that tab only.
/// `selectedRouter` is the one the user is looking at.
@MainActor
public final class TabRouter<Tab: Hashable & Sendable, Route: NavigationRoute>: TabHostDelegate {
    /// The tabs, in order.
    public let tabs: [Tab]
    /// The tab shown now.
    public private(set) var selectedTab: Tab
    private var routers: [Tab: StackRouter<Route>] = [:]
    private let host: any TabHost<Tab, Route>
    /// Where the user's tab switches are recorded (`NavigationJournal`: a `host` event `tab`
    /// naming the tab), or `nil`.
    public var journalPlace: JournalPlace?

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

    /// The router of the selected tab.
    public var selectedRouter: StackRouter<Route> { routers[selectedTab]! }

    /// Shows `tab`, leaving every stack as it is.
    public func select(_ tab: Tab) {
        guard routers[tab] != nil, tab != selectedTab else { return }
        selectedTab = tab
        host.showTab(tab)
    }

    /// The user switched tabs.
    public func tabHostDidSelect(_ tab: Tab) {
        if tab != selectedTab { journalPlace?.record(.host("tab", page: String(describing: tab))) }
        select(tab)
    }
}
