/// The data a router keeps: its pages and each page's pending `onDismissed`.
///
/// Every removal goes through `removePages(from:)`, which hands back the removed pages'
/// `onDismissed` closures exactly once; the router runs them after the host shows the new
/// stack, so a closure that looks at the router sees the final state.
@MainActor
struct RouterState<Route: NavigationRoute> {
    private(set) var pages: [Page<Route>] = []
    private var onDismissed: [PageID: @MainActor () -> Void] = [:]

    mutating func push(_ page: Page<Route>, onDismissed: (@MainActor () -> Void)?) {
        pages.append(page)
        if let onDismissed { self.onDismissed[page.id] = onDismissed }
    }

    /// Removes the pages at `index...` and returns their `onDismissed` closures, top page first.
    mutating func removePages(from index: Int) -> [@MainActor () -> Void] {
        guard index < pages.count else { return [] }
        var handlers: [@MainActor () -> Void] = []
        for position in stride(from: pages.count - 1, through: index, by: -1) {
            if let handler = onDismissed.removeValue(forKey: pages[position].id) { handlers.append(handler) }
        }
        pages.removeSubrange(index...)
        return handlers
    }

    /// Removes every page `matches` picks, wherever it is on the stack, and returns their
    /// `onDismissed` closures, top page first. The other pages keep their order.
    mutating func removePages(where matches: (Page<Route>) -> Bool) -> [@MainActor () -> Void] {
        var handlers: [@MainActor () -> Void] = []
        for page in pages.reversed() where matches(page) {
            if let handler = onDismissed.removeValue(forKey: page.id) { handlers.append(handler) }
        }
        pages.removeAll(where: matches)
        return handlers
    }

    /// Number of `onDismissed` closures still waiting (for leak checks).
    var pendingDismissHandlers: Int { onDismissed.count }
}
