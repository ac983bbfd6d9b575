import Gtk
import Navigation

/// Shows a `StackRouter`'s pages in a GtkStack.
///
/// Back and the window title are the window's `BackNavigation`'s job: it follows this host
/// (or, with tabs, the `GtkTabHost`), and its Back asks this host, which asks the router —
/// the host never pops on its own. When the window is destroyed the router is told, so every
/// page's `onDismissed` still runs.
@MainActor
public final class GtkStackHost<Route: NavigationRoute>: NavigationHost, BackNavigable {
    /// The router.
    public weak var delegate: (any NavigationHostDelegate)?
    private let pages: PageViews<Route>
    /// The visible page's title.
    public private(set) var title: String?
    /// Whether there is a page to go back to.
    public private(set) var canGoBack = false
    /// Called after every change (set by the `BackNavigation` that follows this host).
    public var onChange: (@MainActor () -> Void)?

    /// A host for pages inside `window`, building views with `makeView`.
    public init(window: Window, makeView: @escaping PageViewFactory<Route>) {
        pages = PageViews(makeView: makeView)
        window.onDestroy { [weak self] in self?.delegate?.hostDidClose() }
    }

    /// The stack widget: put it in the window.
    public var widget: Widget { pages.stack }

    /// Gives the keyboard focus to the visible page's main control (e.g. after a tab switch).
    public func focusVisiblePage() { pages.focusVisiblePage() }

    /// The user asked to go back: tell the router.
    public func requestBack() { delegate?.hostDidRequestBack() }

    /// The user asked to close: tell the router (a `StackRouter` pops to its root).
    public func requestClose(_ reason: LeaveReason) { delegate?.hostDidRequestClose(reason) }

    /// Makes the stack match `pages`, and tells the `BackNavigation`.
    public func show(_ pages: [Page<Route>], transition: NavigationTransition) {
        self.pages.show(pages, transition: transition)
        title = pages.last?.title
        canGoBack = pages.count > 1
        onChange?()
    }

    // MARK: For tests and tools in this package

    /// The GtkStack.
    package var stack: Stack { pages.stack }

    /// Called with every page view right after it is created.
    package var onViewCreated: (@MainActor (any PageView) -> Void)? {
        get { pages.onViewCreated }
        set { pages.onViewCreated = newValue }
    }

    /// Number of page views alive (shown, or sliding out).
    package var viewCount: Int { pages.viewCount }

    /// The visible page's view.
    package var visibleView: (any PageView)? { pages.visibleView }
}
