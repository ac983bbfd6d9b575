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
