import Gtk
import Navigation

/// Something a window's header bar can follow: a title, whether Back makes sense, and a way
/// to ask for it. A `HeaderNavigation` follows one at a time.
@MainActor
public protocol BackNavigable: AnyObject {
    /// The visible page's title.
    var title: String? { get }
    /// Whether there is a page to go back to.
    var canGoBack: Bool { get }
    /// The user asked to go back.
    func requestBack()
    /// Set by the header that follows this source; called after every change.
    var onChange: (@MainActor () -> Void)? { get set }
}

/// Shows a `StackRouter`'s pages in a GtkStack.
///
/// Back, the title and the window's header bar are a `HeaderNavigation`'s job: it follows
/// this host (or, with tabs, the visible tab's host) through `BackNavigable`. Back asks the
/// router (the host never pops on its own). When the window is destroyed the router is told,
/// so every page's `onDismissed` still runs.
@MainActor
public final class GtkStackHost<Route: NavigationRoute>: NavigationHost, BackNavigable {
    /// The router.
    public weak var delegate: (any NavigationHostDelegate)?
    private let pages: PageStack<Route>
    /// The visible page's title.
    public private(set) var title: String?
    /// Whether there is a page to go back to.
    public private(set) var canGoBack = false
    /// Called after every change (set by the header that follows this host).
    public var onChange: (@MainActor () -> Void)?

    /// A host for pages inside `window`, building views with `makeView`.
    public init(window: Window, makeView: @escaping PageViewFactory<Route>) {
        pages = PageStack(makeView: makeView)
        window.onDestroy { [weak self] in self?.delegate?.hostDidClose() }
    }

    /// The stack widget: put it in the window.
    public var widget: Widget { pages.stack }

    /// The GtkStack, for tests.
    public var stack: Stack { pages.stack }

    /// Called with every page view right after it is created.
    public var onViewCreated: (@MainActor (any PageView) -> Void)? {
        get { pages.onViewCreated }
        set { pages.onViewCreated = newValue }
    }

    /// Number of page views alive (shown, or sliding out).
    public var viewCount: Int { pages.viewCount }

    /// The visible page's view (for tests and tools that drive the app).
    public var visibleView: (any PageView)? { pages.visibleView }

    /// Gives the keyboard focus to the visible page's main control (e.g. after a tab switch).
    public func focusVisiblePage() { pages.focusVisiblePage() }

    /// The user asked to go back: tell the router.
    public func requestBack() { delegate?.hostDidRequestBack() }

    /// Makes the stack match `pages`, and tells the header.
    public func show(_ pages: [Page<Route>], transition: NavigationTransition) {
        self.pages.show(pages, transition: transition)
        title = pages.last?.title
        canGoBack = pages.count > 1
        onChange?()
    }
}
