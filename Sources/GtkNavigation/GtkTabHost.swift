import Gtk
import Navigation

/// Shows a `TabRouter`'s tabs: a GtkStack with one `GtkStackHost` per tab, and a
/// GtkStackSwitcher for the header bar.
///
/// Each tab keeps its own page stack. When the user switches tabs with the switcher, the
/// router is told; `onVisibleTabChange` lets the window's `HeaderNavigation` follow the
/// visible tab, so Back acts on it.
@MainActor
public final class GtkTabHost<Tab: Hashable & Sendable, Route: NavigationRoute>: TabHost {
    /// The router.
    public weak var tabDelegate: (any TabHostDelegate<Tab>)?
    /// The tabs' stack: put it in the window.
    public let stack = Stack()
    /// The tab switcher: put it in the header bar.
    public let switcher: StackSwitcher
    /// Called when another tab becomes visible.
    public var onVisibleTabChange: (@MainActor (Tab) -> Void)?
    private var hosts: [Tab: GtkStackHost<Route>] = [:]
    private var names: [Tab: String] = [:]
    private(set) var shownTab: Tab?

    /// Tabs with these titles, in order, in `window`; pages built with `makeView`.
    public init(window: Window, tabs: [(tab: Tab, title: String)], makeView: @escaping PageViewFactory<Route>) {
        switcher = StackSwitcher(stack: stack)
        stack.setExpand(horizontal: true, vertical: true)
        for (index, entry) in tabs.enumerated() {
            let host = GtkStackHost<Route>(window: window, makeView: makeView)
            let name = "tab-\(index)"
            hosts[entry.tab] = host
            names[entry.tab] = name
            stack.add(host.widget, name: name, title: entry.title)
        }
        stack.onVisibleChildChanged { [weak self] in self?.visibleChildChanged() }
    }

    /// `tab`'s page host.
    public func pageHost(for tab: Tab) -> any NavigationHost<Route> { hosts[tab]! }

    /// `tab`'s page host, as the GTK type (for the header and tests).
    public func host(for tab: Tab) -> GtkStackHost<Route> { hosts[tab]! }

    /// The visible tab's page host.
    public var visibleHost: GtkStackHost<Route>? { shownTab.flatMap { hosts[$0] } }

    /// Shows `tab`.
    public func showTab(_ tab: Tab) {
        guard let name = names[tab] else { return }
        shownTab = tab
        stack.setVisibleChild(name: name, transition: .crossfade)
        onVisibleTabChange?(tab)
        hosts[tab]?.focusVisiblePage()
    }

    private func visibleChildChanged() {
        guard let name = stack.visibleChildName,
              let tab = names.first(where: { $0.value == name })?.key,
              tab != shownTab else { return }
        shownTab = tab
        onVisibleTabChange?(tab)
        tabDelegate?.tabHostDidSelect(tab)
        hosts[tab]?.focusVisiblePage()
    }
}
