import Navigation

/// A `TabHost` in memory: one `InMemoryHost` per tab and the selected tab, with
/// `tapTab(_:)` and `tapBack()` to act as the user.
@MainActor
public final class InMemoryTabHost<Tab: Hashable & Sendable, Route: NavigationRoute>: TabHost {
    /// The router, set by the router itself.
    public weak var tabDelegate: (any TabHostDelegate<Tab>)?
    /// Each tab's page host.
    public private(set) var hosts: [Tab: InMemoryHost<Route>] = [:]
    /// The selected tab: the one on screen.
    public private(set) var selectedTab: Tab?

    /// A host for `tabs`; the tabs in `layouts` are adaptive (`InMemoryHost(layout:width:)`)
    /// in a window `width` pixels wide (by default 0: one stack until `resize(to:)`).
    public init(tabs: [Tab], layouts: [Tab: SplitLayout<Route>] = [:], width: Int = 0) {
        for tab in tabs { hosts[tab] = InMemoryHost(layout: layouts[tab], width: width) }
    }

    /// Puts every tab's pages under `dialog`'s window (`InMemoryHost/addCoveringDialog(_:)`).
    public func addCoveringDialog(_ dialog: InMemoryHost<Route>) {
        for host in hosts.values { host.addCoveringDialog(dialog) }
    }

    /// The user resizes the window: every tab's presentation follows.
    public func resize(to width: Int) {
        for host in hosts.values { host.resize(to: width) }
    }

    /// `tab`'s page host.
    public func pageHost(for tab: Tab) -> InMemoryHost<Route> { hosts[tab]! }

    /// Shows `tab`.
    public func showTab(_ tab: Tab) { selectedTab = tab }

    /// The selected tab's page host.
    public var selectedHost: InMemoryHost<Route>? { selectedTab.flatMap { hosts[$0] } }

    /// The user clicks `tab`'s switcher button.
    public func tapTab(_ tab: Tab) { tabDelegate?.tabHostDidSelect(tab) }

    /// The user presses the header bar's Back button, which acts on the selected tab.
    public func tapBack() { selectedHost?.tapBack() }
}
