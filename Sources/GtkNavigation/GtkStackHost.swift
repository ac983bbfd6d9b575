import Gtk
import Navigation

/// Shows a `StackRouter`'s pages in a GtkStack inside a window.
///
/// It owns a Back button for the window's header bar, shown only when there is a page to go
/// back to; pressing it asks the router to go back (the host never pops on its own). The
/// window title follows the visible page's title, so the header bar, a screen reader and a
/// test all know where the user is. When the window is destroyed the router is told, so
/// every page's `onDismissed` still runs.
@MainActor
public final class GtkStackHost<Route: NavigationRoute>: NavigationHost {
    /// The router.
    public weak var delegate: (any NavigationHostDelegate)?
    /// The Back button: pack it at the start of the window's header bar.
    public let backButton = Button(iconName: "go-previous-symbolic", accessibleLabel: "Back")
    private let pages: PageStack<Route>
    private weak var window: Window?

    /// A host for pages inside `window`, building views with `makeView`.
    public init(window: Window, makeView: @escaping PageViewFactory<Route>) {
        self.window = window
        pages = PageStack(makeView: makeView)
        backButton.isVisible = false
        backButton.onClicked { [weak self] in self?.delegate?.hostDidRequestBack() }
        window.onDestroy { [weak self] in self?.delegate?.hostDidClose() }
    }

    /// The stack widget: make it the window's content (or part of it).
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

    /// Makes the stack, the Back button and the title match `pages`.
    public func show(_ pages: [Page<Route>], transition: NavigationTransition) {
        self.pages.show(pages, transition: transition)
        backButton.isVisible = pages.count > 1
        if let top = pages.last { window?.title = top.title }
    }
}
