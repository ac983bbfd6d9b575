import Gtk
import Navigation

/// Shows a `TabRouter`'s tabs: a GtkStack with one `GtkStackHost` per tab, and a
/// GtkStackSwitcher for the header bar.
///
/// Each tab keeps its own page stack. When the user switches tabs with the switcher, the
/// router is told. As a `BackNavigable`, the tab host is the selected tab's host: a window's
/// `BackNavigation` follows the tab host, and Back, the title and the Back button follow
/// whichever tab is selected.
@MainActor
public final class GtkTabHost<Tab: Hashable & Sendable, Route: NavigationRoute>: TabHost, BackNavigable {
    /// The router.
    public weak var tabDelegate: (any TabHostDelegate<Tab>)?
    /// The tabs' stack: put it in the window.
    public let stack = Stack()
    /// The tab switcher: put it in the header bar. Hidden while the window is narrower than
    /// `compactWidth`: `switcherBar` shows instead.
    public let switcher: StackSwitcher
    /// The host's widget, to put in the window: the tabs' stack, and under it the switcher
    /// bar a narrow window shows (as GNOME apps move their view switcher to the bottom on a
    /// phone). Apps that place `stack` themselves get no bar.
    public let widget = Box(.vertical)
    /// A second switcher for the same tabs at the bottom of `widget`, shown only while the
    /// window is narrower than `compactWidth` (package access: for this package's tests).
    package let switcherBar = Box(.horizontal)
    /// Below this width (pixels) the switcher moves from the header bar to `switcherBar`, and
    /// `widget` carries the CSS class `compact` (so a stylesheet can tighten the pages for a
    /// phone, e.g. `.compact .my-page { padding: 12px; }`); 0 (the default): never.
    ///
    /// Choose it wider than the window's minimum width while the switcher is in the header bar
    /// (with everything else the header holds): a window cannot be dragged narrower than its
    /// minimum, so a smaller value would never be reached.
    public var compactWidth = 0 {
        didSet { updateCompact() }
    }
    /// The switchers' name for screen readers (both are tab lists; "Sections" unless set):
    /// pass a translated one. Unnamed, GTK 4.8 names a switcher after its type, which Orca
    /// says ("GtkStackSwitcher").
    public var switcherLabel = "Sections" {
        didSet { nameSwitchers() }
    }
    private var barSwitcher: StackSwitcher?
    private let watcher = WidthWatcher()
    /// Called after every change of the selected tab or of its stack (set by the
    /// `BackNavigation` that follows this host).
    public var onChange: (@MainActor () -> Void)?
    private var hosts: [Tab: GtkStackHost<Route>] = [:]
    private var names: [Tab: String] = [:]
    private var selectedTab: Tab?

    private func nameSwitchers() {
        switcher.setAccessibleLabel(switcherLabel)
        barSwitcher?.setAccessibleLabel(switcherLabel)
    }

    /// Tabs with these titles, in order, in `window`; pages built with `makeView`.
    public convenience init(
        window: Window, tabs: [(tab: Tab, title: String)], makeView: @escaping PageViewFactory<Route>
    ) {
        self.init(window: window, tabs: tabs, splits: [:], makeView: makeView)
    }

    /// Tabs with these titles, in order, in `window`; the tabs in `splits` are adaptive (see
    /// `GtkStackHost`); pages built with `makeView`.
    public init(
        window: Window, tabs: [(tab: Tab, title: String)], splits: [Tab: GtkSplitOptions<Route>],
        makeView: @escaping PageViewFactory<Route>
    ) {
        switcher = StackSwitcher(stack: stack)
        stack.setExpand(horizontal: true, vertical: true)
        stack.isHomogeneous = false  // only the selected tab's size counts
        let barSwitcher = StackSwitcher(stack: stack)
        barSwitcher.setExpand(horizontal: true, vertical: false)
        switcherBar.addCSSClass("toolbar")
        switcherBar.append(barSwitcher)
        switcherBar.isVisible = false
        self.barSwitcher = barSwitcher
        nameSwitchers()
        widget.append(watcher)
        widget.append(stack)
        widget.append(switcherBar)
        watcher.onWidthChanged { [weak self] _ in MainLoop.whenIdle { self?.updateCompact() } }
        for (index, entry) in tabs.enumerated() {
            let host = GtkStackHost<Route>(window: window, split: splits[entry.tab], makeView: makeView)
            let name = "tab-\(index)"
            hosts[entry.tab] = host
            names[entry.tab] = name
            stack.add(host.widget, name: name, title: entry.title)
            host.onChange = { [weak self] in self?.onChange?() }
        }
        stack.onVisibleChildChanged { [weak self] in self?.visibleChildChanged() }
    }

    /// `tab`'s page host.
    public func pageHost(for tab: Tab) -> GtkStackHost<Route> { hosts[tab]! }

    /// The selected tab's page host.
    public var selectedHost: GtkStackHost<Route>? { selectedTab.flatMap { hosts[$0] } }

    /// Shows `tab`.
    public func showTab(_ tab: Tab) {
        guard let name = names[tab] else { return }
        selectedTab = tab
        stack.setVisibleChild(name: name, transition: .crossfade)
        tabBecameVisible()
    }

    /// Gives the keyboard focus to the selected tab's shown page.
    public func focusShownPage() { selectedHost?.focusShownPage() }

    // MARK: BackNavigable: the selected tab's host

    /// The selected tab's page title.
    public var title: String? { selectedHost?.title }
    /// Whether the selected tab has a page to go back to.
    public var canGoBack: Bool { selectedHost?.canGoBack ?? false }

    /// The selected tab's history.
    public var backHistory: [(id: PageID, title: String)] { selectedHost?.backHistory ?? [] }

    /// The selected tab's forward history.
    public var forwardHistory: [(id: PageID, title: String)] { selectedHost?.forwardHistory ?? [] }

    /// Whether the selected tab shows Back buttons of its own (it is split now).
    public var providesBackButtons: Bool { selectedHost?.providesBackButtons ?? false }
    /// Whether Escape goes back from the selected tab's shown page.
    public var escapeGoesBack: Bool { selectedHost?.escapeGoesBack ?? true }
    /// The selected tab's router.
    public var backRouter: (any NavigationHostDelegate)? { selectedHost?.delegate }

    private func updateCompact() {
        let compact = (watcher.width ?? Int.max) < compactWidth
        switcherBar.isVisible = compact
        switcher.isVisible = !compact
        if compact { widget.addCSSClass("compact") } else { widget.removeCSSClass("compact") }
    }

    private func visibleChildChanged() {
        guard let name = stack.visibleChildName,
            let tab = names.first(where: { $0.value == name })?.key,
            tab != selectedTab
        else { return }
        selectedTab = tab
        tabDelegate?.tabHostDidSelect(tab)
        tabBecameVisible()
    }

    private func tabBecameVisible() {
        onChange?()
        focusShownPage()
    }
}
