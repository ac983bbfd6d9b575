import Navigation

/// A `NavigationHost` that keeps its "screen" in memory, for headless tests.
///
/// It shows what a GTK host would show (the stack, the visible page, whether a modal is
/// open) and lets a test act as the user: `tapBack()`, `tapCancel()`, `tapClose()`, `closeWindow()`.
/// It holds pages exactly as long as a GTK host holds their views, so leak counts taken
/// against it mean the same thing.
@MainActor
public final class InMemoryHost<Route: NavigationRoute>: NavigationHost {
    /// The router, set by the router itself.
    public weak var delegate: (any NavigationHostDelegate)?

    /// The pages on screen, bottom first.
    public private(set) var pages: [Page<Route>] = []

    /// Every `show` call's transition, in order.
    public private(set) var transitions: [NavigationTransition] = []

    /// How many times the host went from empty to showing pages (a modal "opened").
    public private(set) var openCount = 0

    /// How many times the host went from showing pages to empty (a modal "closed").
    public private(set) var closeCount = 0

    private let recordsTransitions: Bool

    /// An empty host. With `recordsTransitions: false` it keeps no history (for benchmarks:
    /// the history grows with every change).
    public init(recordsTransitions: Bool = true) {
        self.recordsTransitions = recordsTransitions
    }

    /// Records the new stack.
    public func show(_ pages: [Page<Route>], transition: NavigationTransition) {
        if self.pages.isEmpty && !pages.isEmpty { openCount += 1 }
        if !self.pages.isEmpty && pages.isEmpty { closeCount += 1 }
        self.pages = pages
        if recordsTransitions { transitions.append(transition) }
    }

    /// The visible page.
    public var visiblePage: Page<Route>? { pages.last }

    /// The visible page's route.
    public var visibleRoute: Route? { pages.last?.route }

    /// The title a header bar would show.
    public var title: String? { pages.last?.title }

    /// Whether a Back button would be shown.
    public var showsBackButton: Bool { pages.count > 1 }

    /// Whether anything is shown (for a modal host: whether the dialog is open).
    public var isOpen: Bool { !pages.isEmpty }

    /// The visible page's model as `Model`, or `nil` if it is another kind.
    public func visibleModel<Model>(as type: Model.Type = Model.self) -> Model? {
        pages.last?.model as? Model
    }

    /// The user presses the header bar's Back button (or Alt+Left).
    public func tapBack() { delegate?.hostDidRequestBack() }

    /// The user presses a dialog's Cancel button or Escape.
    public func tapCancel() { delegate?.hostDidRequestClose(.cancel) }

    /// The user presses the window's close button (or Ctrl+W in a dialog).
    public func tapClose() { delegate?.hostDidRequestClose(.close) }

    /// The host's window is destroyed from outside (e.g. with its parent).
    public func closeWindow() {
        pages = []
        delegate?.hostDidClose()
    }
}
