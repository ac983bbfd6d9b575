import Gtk
import Navigation

/// The adaptive part of a `GtkStackHost` (one made with `GtkSplitOptions`): the same page
/// views, shown either in one sliding stack or as a sidebar beside its content, as the
/// `SplitLayout` says for the width the host is given.
///
/// Each page's view is made once and moves between three stacks: `single` (every page when
/// narrow; the pages under the sidebar when wide, where they are hidden), `sidebar` and
/// `content`. Moving a view keeps its widgets, so what the user typed and how far a list is
/// scrolled stay; the keyboard focus is put back where it was. A resize changes only where
/// the views are: the router is not told and nothing leaves.
@MainActor
final class SplitViews<Route: NavigationRoute> {
    let root = Box(.vertical)
    let single: PageViews<Route>
    let sidebar: PageViews<Route>
    let content: PageViews<Route>
    private let layout: SplitLayout<Route>
    private let labels: NavigationLabels
    private let watcher = WidthWatcher()
    private let modes = Stack()
    private let sidebarHeader = PaneHeader()
    private let contentHeader = PaneHeader()
    private let sidebarPane = Box(.vertical)
    private let contentPane = Box(.vertical)
    private weak var window: Window?
    private var pages: [Page<Route>] = []
    /// The pages kept for Forward: their views stay, hidden, in whichever stack held them,
    /// until they are dropped, and Forward brings the same view back.
    var kept: Set<PageID> = [] {
        didSet { for views in [single, sidebar, content] { views.kept = kept } }
    }
    /// Whether the page coming back on top gets its kept control back (`FocusHome`): no view
    /// takes the focus first.
    private var restoresFocus = false
    private var resizePending = false
    /// What is shown now.
    private(set) var presentation: SplitPresentation<Route> = .single([])
    /// The user pressed the sidebar's Back (with the sidebar's page) or the content's (`nil`).
    var onBack: (@MainActor (PageID?) -> Void)?
    /// The window was resized across the layout's width: the presentation changed, the stack
    /// did not.
    var onPresentationChange: (@MainActor () -> Void)?
    /// The window's width crossed the layout's, or was first known: the new width.
    var onWideChange: (@MainActor (Int) -> Void)?
    /// Whether the width last reported was wide (`nil`: none reported yet).
    private var reportedWide: Bool?

    init(window: Window, options: GtkSplitOptions<Route>, makeView: @escaping PageViewFactory<Route>) {
        self.window = window
        layout = options.layout
        labels = options.labels
        single = PageViews(makeView: makeView)
        sidebar = PageViews(makeView: makeView)
        content = PageViews(makeView: makeView)
        sidebarHeader.back.onClicked { [weak self] in
            guard let self, let panes = self.presentation.panes, panes.sidebarCanGoBack else { return }
            self.onBack?(panes.sidebar.id)
        }
        contentHeader.back.onClicked { [weak self] in
            guard let self, self.presentation.panes?.contentCanGoBack == true else { return }
            self.onBack?(nil)
        }
        // Each side's Back has its history too (the window's Back button hides while split).
        sidebarHeader.back.onContextRequest { [weak self] x, y in self?.showHistory(content: false, x: x, y: y) }
        contentHeader.back.onContextRequest { [weak self] x, y in self?.showHistory(content: true, x: x, y: y) }
        content.stack.add(options.placeholder, name: "placeholder")
        options.placeholder.setExpand(horizontal: true, vertical: true)

        sidebarPane.addCSSClass("sidebar-pane")
        if let width = options.sidebarWidth { sidebarPane.setSizeRequest(width: Int32(width), height: -1) }
        sidebarPane.setExpand(horizontal: false, vertical: true)
        sidebarPane.append(sidebarHeader.widget)
        sidebarPane.append(Separator(.horizontal))
        sidebarPane.append(sidebar.stack)
        sidebar.stack.setExpand(horizontal: false, vertical: true)
        contentPane.setExpand(horizontal: true, vertical: true)
        contentPane.append(contentHeader.widget)
        contentPane.append(Separator(.horizontal))
        contentPane.append(content.stack)
        let panes = Box(.horizontal)
        panes.append(sidebarPane)
        panes.append(Separator(.vertical))
        panes.append(contentPane)
        modes.add(single.stack, name: "single")
        modes.add(panes, name: "split")
        modes.setExpand(horizontal: true, vertical: true)
        // Only what shows counts: a window showing one stack can be narrower than the split.
        modes.isHomogeneous = false
        root.append(watcher)
        root.append(modes)
        root.setExpand(horizontal: true, vertical: true)
        watcher.onWidthChanged { [weak self] _ in self?.widthChanged() }
    }

    /// The width the layout is applied to: the host's, once GTK has given it one; before
    /// that, the width the window opens at.
    var width: Int { watcher.width ?? window?.defaultWidth ?? 0 }

    /// Whether a sidebar sits beside its content now.
    var isSplit: Bool { presentation.panes != nil }

    /// The width GTK gave the sidebar, in pixels.
    var sidebarAllocatedWidth: Int { sidebarPane.allocatedWidth }

    /// The view shown where the user looks first: the content's page, else the sidebar's or
    /// the single stack's top page.
    var shownView: (any PageView)? {
        guard let panes = presentation.panes else { return single.shownView }
        return panes.shownContent.flatMap { content.view(for: $0.id) } ?? sidebar.view(for: panes.sidebar.id)
    }

    /// Every page view alive, in the three stacks.
    var viewCount: Int { single.viewCount + sidebar.viewCount + content.viewCount }

    /// Whether one of the stacks is sliding.
    var isTransitionRunning: Bool {
        single.stack.isTransitionRunning || sidebar.stack.isTransitionRunning || content.stack.isTransitionRunning
    }

    /// Shows `pages` (the router's new stack) as the width says.
    func show(_ pages: [Page<Route>], transition: NavigationTransition, restoresFocus: Bool = false) {
        self.pages = pages
        self.restoresFocus = restoresFocus
        defer { self.restoresFocus = false }
        apply(transition: transition, resized: false)
    }

    /// The history menu a side's Back button opened last, while it is open.
    var historyMenu: ContextMenu? { lastHistoryMenu.flatMap { $0.isOpen ? $0 : nil } }
    private var lastHistoryMenu: ContextMenu?

    /// Opens Back's history on the content's Back button (`content`: the content pages below
    /// the shown one, newest first, then the sidebar's page, where nothing is selected) or on
    /// the sidebar's (the pages under the sidebar, newest first). A choice activates
    /// `navigation.back-to`, which the window's `BackNavigation` makes.
    func showHistory(content: Bool, x: Double, y: Double) {
        guard let panes = presentation.panes else { return }
        let pages = content ? panes.content.dropLast().reversed() + [panes.sidebar] : panes.below.reversed()
        guard content ? panes.contentCanGoBack : panes.sidebarCanGoBack else { return }
        lastHistoryMenu?.close()
        lastHistoryMenu = ContextMenu.openBackHistory(
            on: content ? contentHeader.back : sidebarHeader.back, named: labels.back,
            pages: pages.map { (id: $0.id, title: $0.title) },
            x: x, y: y)
    }

    /// Gives the focus to the shown page's main control.
    func focusShownPage() {
        if let view = shownView { PageViews<Route>.focus(view) }
    }

    private func widthChanged() {
        if reportedWide != layout.isWide(width) {
            reportedWide = layout.isWide(width)
            onWideChange?(width)
        }
        // The report comes during GTK's layout: move widgets after it.
        guard !resizePending else { return }
        resizePending = true
        MainLoop.whenIdle { [weak self] in
            guard let self else { return }
            self.resizePending = false
            guard self.layout.presentation(of: self.pages, width: self.width) != self.presentation else { return }
            self.apply(transition: .none, resized: true)
            self.onPresentationChange?()
        }
    }

    private enum Side { case none, single, sidebar, content }

    private func apply(transition: NavigationTransition, resized: Bool) {
        let saved = SavedFocus(in: root)
        let side: Side =
            saved.map { saved in
                saved.isInside(sidebarPane) ? .sidebar : saved.isInside(contentPane) ? .content : .single
            } ?? .none
        let windowHadFocus = window?.focusedWidget != nil
        let new = layout.presentation(of: pages, width: width)
        let placed: (single: [Page<Route>], sidebar: [Page<Route>], content: [Page<Route>]) =
            switch new {
            case .single(let all): (all, [], [])
            case .split(let panes): (panes.below, [panes.sidebar], panes.content)
            }
        var moved = false
        for (pages, views) in [(placed.single, single), (placed.sidebar, sidebar), (placed.content, content)] {
            for page in pages where views.view(for: page.id) == nil {
                // A page new to the stack has no view anywhere yet: `show` makes it.
                for holder in [single, sidebar, content] where holder !== views {
                    guard let view = holder.detach(page.id) else { continue }
                    views.adopt(view, for: page)
                    moved = true
                    break
                }
            }
        }
        presentation = new
        let shown: NavigationTransition = moved ? .none : transition
        // The side the user is on follows its own pages; the other side does not take the
        // focus from it. A resize moves no focus at all.
        let isSplit = new.panes != nil
        let leaves = resized || restoresFocus
        single.show(placed.single, transition: shown, takesFocus: !leaves && !isSplit ? .take : .leave)
        sidebar.show(
            placed.sidebar, transition: shown,
            takesFocus: !leaves && (side == .sidebar || (side != .content && placed.content.isEmpty)) ? .take : .leave)
        content.show(
            placed.content, transition: shown,
            takesFocus: leaves ? .leave : side != .sidebar ? .take : .leaveUnlessAsked)
        modes.setVisibleChild(name: isSplit ? "split" : "single", transition: .none)
        if isSplit && placed.content.isEmpty {
            content.stack.setVisibleChild(name: "placeholder", transition: shown == .pop ? .crossfade : .none)
        }
        updateHeaders()
        // The focused widget may have moved, or its page gone: give it back, or to the page
        // the user sees.
        guard side != .none || !windowHadFocus, !restoresFocus else { return }
        if resized, saved?.restore() == true { return }
        if !pages.contains(where: { page in focusedView(is: page) }) { focusShownPage() }
    }

    private func focusedView(is page: Page<Route>) -> Bool {
        [single, sidebar, content].contains { $0.view(for: page.id)?.widget.containsFocus == true }
    }

    private func updateHeaders() {
        guard let panes = presentation.panes else { return }
        sidebarHeader.show(
            title: panes.sidebar.title, back: panes.below.last.map { labels.back(to: $0.title) })
        contentHeader.show(
            title: panes.shownContent?.title ?? "", back: panes.contentCanGoBack ? labels.back : nil)
    }
}

/// The header above one side of a split: a Back button (hidden when that side has nowhere to
/// go back to) and the side's title.
@MainActor
final class PaneHeader {
    let widget = Box(.horizontal, spacing: 6)
    let back = Button(iconName: "go-previous-symbolic", accessibleLabel: "")
    private let title = Label()

    init() {
        widget.addCSSClass("toolbar")
        widget.addCSSClass("pane-header")
        widget.setSizeRequest(width: -1, height: 46)
        title.addCSSClass("heading")
        title.ellipsizeEnd()
        title.setExpand(horizontal: true, vertical: false)
        back.isVisible = false
        widget.append(back)
        widget.append(title)
    }

    /// Shows `title`, and Back with the accessible name `back` (`nil`: no Back).
    func show(title: String, back: String?) {
        self.title.text = title
        self.back.isVisible = back != nil
        if let back {
            self.back.setAccessibleLabel(back)
            self.back.tooltip = back
        }
    }
}
