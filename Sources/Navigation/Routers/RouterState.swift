/// The data a router keeps: its pages and each page's pending `onDismissed`.
///
/// Pages are added by `push` and removed by `removePages(where:)` alone — `pages` cannot be
/// changed from outside — so every removal, whichever router operation asked for it (Back,
/// `dismiss`, `popTo`, `replaceTop`, `setStack`, `removeAll(where:)`, a closed window), passes
/// through that one function, which hands back the removed pages' `onDismissed` closures
/// exactly once. The router runs them after the host shows the new stack, so a closure that
/// looks at the router sees the final state.
@MainActor
struct RouterState<Route: NavigationRoute> {
    private(set) var pages: [Page<Route>] = []
    private var onDismissed: [PageID: @MainActor () -> Void] = [:]

    /// Told the ids of the pages every removal takes away, top first (tests pin the single
    /// removal point with it; `nil` costs one check per removal).
    static var removalObserver: (@MainActor ([PageID]) -> Void)? {
        get { RemovalObserver.current }
        set { RemovalObserver.current = newValue }
    }

    mutating func push(_ page: Page<Route>, onDismissed: (@MainActor () -> Void)?) {
        pages.append(page)
        if let onDismissed { self.onDismissed[page.id] = onDismissed }
    }

    /// Removes the pages at `index...` and returns their `onDismissed` closures, top page first.
    mutating func removePages(from index: Int) -> [@MainActor () -> Void] {
        guard index < pages.count else { return [] }
        return removePages(where: { position, _ in position >= index })
    }

    /// The one removal: removes every page `matches` picks (by its position, bottom first, and
    /// the page), wherever it is on the stack, and returns their `onDismissed` closures, top
    /// page first. The other pages keep their order.
    mutating func removePages(where matches: (Int, Page<Route>) -> Bool) -> [@MainActor () -> Void] {
        var handlers: [@MainActor () -> Void] = []
        var removedCount = 0
        // The ids are collected only for an observer (a test): this is every pop's path.
        var removedIDs: [PageID]? = RemovalObserver.current == nil ? nil : []
        for position in pages.indices.reversed() where matches(position, pages[position]) {
            let id = pages[position].id  // top first
            removedCount += 1
            removedIDs?.append(id)
            if let handler = onDismissed.removeValue(forKey: id) { handlers.append(handler) }
        }
        guard removedCount > 0 else { return [] }
        if removedCount == pages.count {
            pages.removeAll(keepingCapacity: true)
        } else {
            var position = 0
            pages.removeAll { page in
                defer { position += 1 }
                return matches(position, page)
            }
        }
        if let removedIDs { RemovalObserver.current?(removedIDs) }
        return handlers
    }

    /// Number of `onDismissed` closures still waiting (for leak checks).
    var pendingDismissHandlers: Int { onDismissed.count }
}

/// Where `RouterState.removalObserver` is kept (a generic type cannot have stored statics).
@MainActor
enum RemovalObserver {
    static var current: (@MainActor ([PageID]) -> Void)?
}
