/// A sidebar page beside its content, and the pages under it.
@MainActor
public struct SplitPanes<Route: NavigationRoute>: Equatable {
    /// The pages under the sidebar page, bottom first (e.g. the home page My pets was opened
    /// from): not shown; the sidebar's Back returns to them.
    public let below: [Page<Route>]
    /// The sidebar page, on the left.
    public let sidebar: Page<Route>
    /// The pages above the sidebar page, bottom first; the last is shown on the right. Empty
    /// when nothing is selected: the content pane shows a placeholder.
    public let content: [Page<Route>]

    /// The sidebar page between `below` and `content`.
    public init(below: [Page<Route>], sidebar: Page<Route>, content: [Page<Route>]) {
        self.below = below
        self.sidebar = sidebar
        self.content = content
    }

    /// Whether the sidebar's header offers Back: there is a page under the sidebar.
    public var sidebarCanGoBack: Bool { !below.isEmpty }

    /// Whether the content's header offers Back: a page is shown there. Back leaves it, and
    /// with the last content page gone nothing is selected.
    public var contentCanGoBack: Bool { !content.isEmpty }

    /// The page shown on the right, if any.
    public var shownContent: Page<Route>? { content.last }

    /// The first page above the sidebar: what a new selection replaces, with every page
    /// above it.
    public var selection: Page<Route>? { content.first }
}
