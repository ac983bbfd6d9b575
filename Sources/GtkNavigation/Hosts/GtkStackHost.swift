import Gtk
import Navigation

/// Shows a `StackRouter`'s pages in a GtkStack, or, made with `GtkSplitOptions`, adaptively:
/// a sidebar page beside its content on a wide window, one sliding stack on a narrow one.
///
/// Back and the window title are the window's `BackNavigation`'s job: it follows this host
/// (or, with tabs, the `GtkTabHost`), and its Back asks this host, which asks the router —
/// the host never pops on its own. When the window is destroyed the router is told, so every
/// page's `onDismissed` still runs.
///
/// **Adaptive.** With `GtkSplitOptions`, the host watches the width it is given (a drag, a
/// maximized or tiled window) and shows the router's stack as its `SplitLayout` says: when
/// split, each side has a header with its title and its own Back (the content's leaves the
/// shown page, the sidebar's leaves the sidebar with it), and the header bar's Back button
/// hides (`providesBackButtons`), while Alt+Left and the mouse's back button still go back
/// one page. Crossing the layout's width only moves the page views: the router is not told,
/// nothing leaves, and the focus and scroll positions stay.
///
/// **Shown pages.** `isShown(_:of:)` answers "does this page's control work now?" for the
/// router: the top page, or, when split, the sidebar page and the page beside it — and none
/// while a dialog or an alert covers the host's window (in its `ModalLayer`, or a modal window
/// transient for it).
///
/// **Swipe back.** Where Back is one stack (not beside a sidebar), a touchpad's two-finger
/// swipe towards the trailing edge or a touchscreen's swipe from the leading edge moves the
/// page with the fingers and shows where Back will land; letting go past half the width (or
/// with a flick) goes Back through the window's `navigation.back` action, the path every Back
/// takes, where the leave guards are asked; a page that does not leave springs back. Where the
/// router keeps pages for Forward, the same the other way goes Forward. See the *Gestures*
/// article.
///
/// **Focus comes home.** When pages are added, the control that had the keyboard focus (the
/// button or row that opened them) is remembered with its page; when that page is shown
/// again because the pages above it left (Back, a swipe, a flow that ended), it gets the focus
/// back (`PageView.focusOnReturn(opener:)`), in one stack or beside a sidebar.
///
/// **Leaks.** In debug builds the host checks every page it showed, once the page has left
/// (the router removed it, the window was destroyed, or the host went away) and the host has
/// settled: its model, what was registered with it, its view and the view's widget must be
/// gone, and `GtkLeakCheck` reports anything still alive.
@MainActor
public final class GtkStackHost<Route: NavigationRoute>: NavigationHost, BackNavigable {
    /// The router.
    public weak var delegate: (any NavigationHostDelegate)?
    private let pages: PageViews<Route>
    private let split: SplitViews<Route>?
    /// The shown page's title.
    public private(set) var title: String?
    /// Whether there is a page to go back to.
    public private(set) var canGoBack = false
    /// Called after every change (set by the `BackNavigation` that follows this host).
    public var onChange: (@MainActor () -> Void)?
    private weak var window: Window?
    private var leaks: LeakWarnings<Route>!
    /// The pages shown, bottom first, as of the last `show`, and their titles.
    private var shownIDs: [PageID] = []
    private var shownTitles: [String] = []
    /// The pages the router keeps for Forward, the next one first.
    private var forwardPages: [Page<Route>] = []
    private let swipe: SwipeBack
    private let focusHome = FocusHome()

    /// A host for pages inside `window`, building views with `makeView`.
    public convenience init(window: Window, makeView: @escaping PageViewFactory<Route>) {
        self.init(window: window, split: nil, makeView: makeView)
    }

    /// An adaptive host for pages inside `window` (with `split`; `nil`: one stack always),
    /// building views with `makeView`.
    public init(window: Window, split: GtkSplitOptions<Route>?, makeView: @escaping PageViewFactory<Route>) {
        let split = split.map { SplitViews(window: window, options: $0, makeView: makeView) }
        self.split = split
        self.window = window
        pages = split?.single ?? PageViews(makeView: makeView)
        swipe = SwipeBack(content: split?.root ?? pages.stack)
        leaks = LeakWarnings { [weak self] in self?.isTransitionRunning != true }
        window.onDestroy { [weak self] in
            self?.swipe.windowDestroyed()
            self?.delegate?.hostWasDestroyed()
            self?.leaks.closed()  // the pages left, whether or not a router was there to say so
        }
        split?.onBack = { [weak self] page in
            guard let delegate = self?.delegate else { return }
            if let page { delegate.hostDidRequestBack(from: page) } else { delegate.hostDidRequestBack() }
        }
        split?.onPresentationChange = { [weak self] in self?.onChange?() }
        split?.onWideChange = { [weak self] width in self?.delegate?.hostDidResize(width: width) }
        swipe.target = { [weak self] in self?.swipeTarget() }
        swipe.forwardTarget = { [weak self] in self?.swipeForwardTarget() }
        swipe.shownView = { [weak self] in self?.shownView?.widget }
    }

    /// What a swipe takes back now: the shown page's view and the title Back lands on; none
    /// beside a sidebar, on the first page or under a dialog. (A page still sliding in
    /// can be swiped back at once, as Back can be pressed.)
    private func swipeTarget() -> (view: Widget, landing: String)? {
        guard !isSplit, shownIDs.count > 1, isCovered != true, let view = shownView,
            let landing = shownTitles.dropLast().last
        else { return nil }
        return (view.widget, landing)
    }

    /// What a swipe forward brings now: the shown page's view and the title of the next page
    /// ahead; none beside a sidebar, with no page ahead or under a dialog.
    private func swipeForwardTarget() -> (view: Widget, landing: String)? {
        guard !isSplit, let next = forwardPages.first, isCovered != true, let view = shownView
        else { return nil }
        return (view.widget, next.title)
    }

    /// The host's widget: put it in the window.
    public var widget: Widget { swipe.root }

    /// Whether a sidebar sits beside its content now (never without `GtkSplitOptions`).
    public var isSplit: Bool { split?.isSplit ?? false }

    /// Whether each side shows its own Back button (when split): the window's Back button hides.
    public var providesBackButtons: Bool { isSplit }

    /// Gives the keyboard focus to the shown page's main control (e.g. after a tab switch).
    public func focusShownPage() {
        if let split { split.focusShownPage() } else { pages.focusShownPage() }
    }

    /// The router: `BackNavigation` tells it of Back and close itself.
    public var backRouter: (any NavigationHostDelegate)? { delegate }

    /// Opens Back's history on a split side's Back button (for tests: the menu a right click
    /// opens there), and returns it.
    package func showPaneHistory(content: Bool) -> ContextMenu? {
        split?.showHistory(content: content, x: 2, y: 2)
        return split?.historyMenu
    }

    /// The pages the router keeps for Forward, the next one first, with their titles.
    public var forwardHistory: [(id: PageID, title: String)] { forwardPages.map { (id: $0.id, title: $0.title) } }

    /// The pages below the shown one, newest first, with their titles.
    public var backHistory: [(id: PageID, title: String)] {
        zip(shownIDs, shownTitles).dropLast().reversed().map { (id: $0.0, title: $0.1) }
    }

    /// Makes the stack match `pages`, with `forward` the pages the router keeps for Forward:
    /// they have not left (the leak check waits until they are dropped).
    public func show(_ pages: [Page<Route>], forward: [Page<Route>], transition: NavigationTransition) {
        forwardPages = forward
        show(pages, transition: transition)
    }

    /// Makes the stack match `pages`, and tells the `BackNavigation`.
    public func show(_ pages: [Page<Route>], transition: NavigationTransition) {
        let ids = pages.map { $0.id }  // not `\.id`: see check-floors
        let forward = forwardPages.map { $0.id }
        focusHome.willShow(ids, forward: forward, in: window, host: widget, view: view(for:))
        // A swipe that goes Back has slid the page itself.
        let transition = swipe.isFinishing ? .none : transition
        let restores = ids.last.map { focusHome.restoresFocus(of: $0) } ?? false
        if let split {
            split.kept = Set(forward)
            split.show(pages, transition: transition, restoresFocus: restores)
        } else {
            self.pages.kept = Set(forward)
            self.pages.show(pages, transition: transition, takesFocus: restores ? .leave : .take)
        }
        shownIDs = ids
        shownTitles = pages.map { $0.title }
        swipe.stackChanged()
        // After Back, the focus on the control that opened the page that left: on the page
        // the views gave the focus to (beside a sidebar, the content's, else the sidebar's).
        let target = split?.presentation.panes.map { $0.shownContent?.id ?? $0.sidebar.id } ?? ids.last
        focusHome.didShow(ids, target: target, in: window, view: view(for:))
        title = pages.last?.title
        canGoBack = pages.count > 1
        onChange?()
        leaks.shown(pages, forward: forwardPages, views: { self.view(for: $0) })
    }

    /// Whether a dialog or an alert covers the host's window (a modal window over it, or a card
    /// in its `ModalLayer`).
    private var isCovered: Bool {
        guard let window else { return false }
        return window.isUnderModalWindow || ModalLayer.of(window)?.isBlocking == true
    }

    /// Whether a person can see and use the page `id` of `pages`: the top page, or, when
    /// split, the sidebar page or the page beside it; none while a dialog or an alert covers
    /// the host's window.
    public func isShown(_ id: PageID, of pages: [Page<Route>]) -> Bool {
        if isCovered == true { return false }
        guard let panes = split?.presentation.panes else { return pages.last?.id == id }
        return panes.sidebar.id == id || panes.shownContent?.id == id
    }

    /// Registers `object` as brought by the page `id` (checked in debug builds).
    public func register(_ object: AnyObject, broughtBy id: PageID) {
        leaks.register(object, broughtBy: id)
    }

    // MARK: For tests and tools in this package

    /// The GtkStack of the single presentation.
    package var stack: Stack { pages.stack }

    /// The swipe back over the host (tests drive its controllers with signals).
    package var swipeBack: SwipeBack { swipe }

    /// Whether a page is sliding in any of the host's stacks.
    package var isTransitionRunning: Bool { split?.isTransitionRunning ?? pages.stack.isTransitionRunning }

    /// Called with every page view right after it is created.
    package var onViewCreated: (@MainActor (any PageView) -> Void)? {
        get { pages.onViewCreated }
        set {
            pages.onViewCreated = newValue
            split?.sidebar.onViewCreated = newValue
            split?.content.onViewCreated = newValue
        }
    }

    /// The width GTK gave the sidebar (when split), in pixels.
    package var sidebarAllocatedWidth: Int? { isSplit ? split?.sidebarAllocatedWidth : nil }

    /// Number of page views alive (shown, or sliding out).
    package var viewCount: Int { split?.viewCount ?? pages.viewCount }

    /// The shown page's view (when split: the content's, else the sidebar's).
    package var shownView: (any PageView)? { split?.shownView ?? pages.shownView }
    /// The sidebar's view while split (tests reach its list).
    package var sidebarView: (any PageView)? { split.flatMap { $0.isSplit ? $0.sidebar.shownView : nil } }

    /// Whether Escape goes back from the shown page (its `PageView.escapeGoesBack`).
    public var escapeGoesBack: Bool { shownView?.escapeGoesBack ?? true }

    /// The view of the page `id`, wherever it is shown.
    package func view(for id: PageID) -> (any PageView)? {
        guard let split else { return pages.view(for: id) }
        return split.single.view(for: id) ?? split.sidebar.view(for: id) ?? split.content.view(for: id)
    }
}
