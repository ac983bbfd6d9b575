/// The data a router keeps: its pages and each page's pending `onDismissed`.
///
/// Pages are added by `push` and removed by `removePages(_:)` alone — `pages` cannot be
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

    /// Which pages a removal takes away.
    enum Removal {
        /// The pages at this position and above (Back, `dismiss`, `popTo`, a closed window...).
        case from(Int)
        /// The pages the predicate picks, wherever they are (`removeAll(where:)`).
        case matching((Page<Route>) -> Bool)
    }

    /// Removes the pages at `index...` and returns their `onDismissed` closures, top page first.
    mutating func removePages(from index: Int) -> [@MainActor () -> Void] { removePages(.from(index)) }

    /// Removes every page `matches` picks and returns their `onDismissed` closures, top first.
    mutating func removePages(where matches: (Page<Route>) -> Bool) -> [@MainActor () -> Void] {
        withoutActuallyEscaping(matches) { removePages(.matching($0)) }
    }

    /// The one removal: takes away the pages `which` names (the other pages keep their order)
    /// and returns their `onDismissed` closures, top page first, each exactly once.
    mutating func removePages(_ which: Removal) -> [@MainActor () -> Void] {
        var handlers: [@MainActor () -> Void] = []
        // The ids are collected only for an observer (a test): this is every pop's path.
        var removedIDs: [PageID]? = RemovalObserver.current == nil ? nil : []
        switch which {
        case .from(let index):
            guard index < pages.count else { return [] }
            for position in stride(from: pages.count - 1, through: index, by: -1) {
                let id = pages[position].id
                removedIDs?.append(id)
                if let handler = onDismissed.removeValue(forKey: id) { handlers.append(handler) }
            }
            pages.removeSubrange(index...)
        case .matching(let matches):
            var removedCount = 0
            for page in pages.reversed() where matches(page) {
                removedCount += 1
                removedIDs?.append(page.id)
                if let handler = onDismissed.removeValue(forKey: page.id) { handlers.append(handler) }
            }
            guard removedCount > 0 else { return [] }
            pages.removeAll(where: matches)
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
