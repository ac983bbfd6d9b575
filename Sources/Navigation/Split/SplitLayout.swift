/// How a split presentation shows one router's stack: which pages are *sidebars* (a list whose
/// selected item is shown beside it) and from which window width a sidebar and its content sit
/// side by side.
///
/// The stack stays the one truth: a split host only decides how to show it. On a wide window
/// the topmost sidebar page is on the left and the pages above it (the selected item's page,
/// and whatever was opened from it) on the right; the pages below the sidebar are not shown.
/// On a narrow window every page is shown as it is without a split: one sliding stack with
/// Back. Crossing the width changes nothing on the stack.
///
/// ```swift
/// let layout = SplitLayout<AppRoute>(minimumWidth: 720) { $0 == .pets }
/// layout.presentation(of: router.pages, width: 1200)  // .split: My pets beside the pet
/// layout.presentation(of: router.pages, width: 400)   // .single: the pet alone, with Back
/// ```
public struct SplitLayout<Route: NavigationRoute>: Sendable {
    /// The narrowest window width, in pixels, that shows a sidebar beside its content.
    public let minimumWidth: Int
    /// Whether a page showing the route is a sidebar page.
    public let isSidebar: @Sendable (Route) -> Bool

    /// A layout that puts the pages whose route `isSidebar` says beside their content on
    /// windows at least `minimumWidth` pixels wide. There is no default: the width depends on
    /// what the app's sidebar and content pages need (RayPets uses 720, RecipeBox 640).
    public init(minimumWidth: Int, isSidebar: @escaping @Sendable (Route) -> Bool) {
        self.minimumWidth = minimumWidth
        self.isSidebar = isSidebar
    }

    /// Whether a window `width` pixels wide shows sidebars beside their content.
    public func isWide(_ width: Int) -> Bool { width >= minimumWidth }

    /// How `pages` (bottom first) are shown on a window `width` pixels wide.
    @MainActor
    public func presentation(of pages: [Page<Route>], width: Int) -> SplitPresentation<Route> {
        guard isWide(width), let index = pages.lastIndex(where: { isSidebar($0.route) }) else {
            return .single(pages)
        }
        return .split(
            SplitPanes(below: Array(pages[..<index]), sidebar: pages[index], content: Array(pages[(index + 1)...])))
    }
}

/// What a split host shows for a stack.
@MainActor
public enum SplitPresentation<Route: NavigationRoute>: Equatable {
    /// One sliding stack, as without a split (a narrow window, or no sidebar page on the
    /// stack): the top page fills the window, and Back pops it.
    case single([Page<Route>])
    /// A sidebar page beside its content.
    case split(SplitPanes<Route>)

    /// The pages shown in one stack, or `nil` when split.
    public var single: [Page<Route>]? {
        if case .single(let pages) = self { pages } else { nil }
    }

    /// The two panes, or `nil` when shown as one stack.
    public var panes: SplitPanes<Route>? {
        if case .split(let panes) = self { panes } else { nil }
    }
}

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
