/// The stack itself and the one place it changes: `present` adds a page, `perform` makes a
/// change the leave guards agreed to, `removeAll(where:)` removes what the data took away,
/// `truncate` removes from a position up — each through `RouterState`, whose
/// `removePages(_:)` is the one function that takes pages away — and `finish` publishes the
/// result (`publish`: the host shows it, the observers hear of it) and then runs the
/// `onDismissed` of the pages that left. The requests that lead here, and the leave guards
/// they ask, are in `PageRouter+Requests.swift`.
extension PageRouter {
    /// Pushes a page for `route` on top (the first page appears without animation).
    @discardableResult
    public func present(
        _ route: Route, model: any PageModel, animated: Bool, onDismissed: (@MainActor () -> Void)?
    ) -> PageID {
        let page = Page(route: route, model: model)
        let first = stack.pages.isEmpty
        stack.push(page, onDismissed: onDismissed)
        publish(animated && !first ? .push : .none)
        return page.id
    }

    /// Makes a change the guards agreed to (or that had none to ask), keeping `kept` pages.
    func perform(_ planned: PlannedChange<Route>, keeping kept: Int) {
        let animated = planned.animated
        switch planned.change {
        case .replaceTop:
            let hadPages = !stack.pages.isEmpty
            let handlers = stack.removePages(from: kept)
            for new in planned.newPages { stack.push(new.page, onDismissed: new.onDismissed) }
            finish(publishing: animated && hadPages ? .push : .none, handlers)
        case .setStack:
            let oldCount = stack.pages.count
            let handlers = stack.removePages(from: 0)
            for new in planned.newPages { stack.push(new.page, onDismissed: new.onDismissed) }
            let newCount = planned.newPages.count
            let transition: NavigationTransition =
                !animated || oldCount == 0 || newCount == 0 ? .none : newCount >= oldCount ? .push : .pop
            finish(publishing: transition, handlers)
        default:
            truncate(to: kept, animated: animated)
        }
    }

    /// Keeps the first `count` pages and removes the rest, running their `onDismissed`. Asks
    /// no guard: callers that may be vetoed go through `submit`.
    func truncate(to count: Int, animated: Bool) {
        guard count < stack.pages.count else { return }
        let handlers = stack.removePages(from: count)
        finish(publishing: animated && count > 0 ? .pop : .none, handlers)
    }

    /// Removes every page whose route `shows` matches, wherever it is on the stack: how
    /// navigation follows data that went away (a deleted record). The other pages keep their
    /// order, ids and `onDismissed`; each removed page's `onDismissed` runs once, top first,
    /// after the host shows the new stack. With `animated`, a change of the shown page
    /// slides back; removing only pages below it shows no transition. Returns how many pages
    /// were removed (0: nothing changed).
    ///
    /// **Not vetoable**: leave guards are not asked, because what the removed pages showed no
    /// longer exists. A question already open about a removed page is cancelled.
    @discardableResult
    public func removeAll(where shows: (Route) -> Bool, animated: Bool) -> Int {
        let oldTop = stack.pages.last?.id
        let before = stack.pages.count
        // The app's predicate runs before the stack is modified, not during the removal.
        let doomed = Set(stack.pages.filter { shows($0.route) }.map { $0.id })
        guard !doomed.isEmpty else { return 0 }
        let handlers = stack.removePages(where: { doomed.contains($0.id) })
        let removed = before - stack.pages.count
        guard removed > 0 else { return 0 }
        let topChanged = stack.pages.last?.id != oldTop
        publish(animated && topChanged && !stack.pages.isEmpty ? .pop : .none)
        handlers.run()
        reconsiderPending()
        return removed
    }

    /// Shows the stack as it is now, tells the observers, then runs the `onDismissed` of the
    /// pages that left (top first) and drops what a removal made moot.
    func finish(publishing transition: NavigationTransition, _ handlers: DismissHandlers) {
        publish(transition)
        handlers.run()
        reconsiderPending()
    }

    /// Records the stack in the journal. Out of line: `publish` runs on every change, and with
    /// this inlined in it the optimizer no longer inlined `publish` (measured with callgrind: a
    /// headless present+dismiss with no journal went from 6,961 to about 7,270 instructions;
    /// out of line, 6,972).
    @inline(never)
    private func recordStack(in place: JournalPlace) {
        place.recordStack(stack.pages)
    }

    /// Lets the host show the stack and tells the observers.
    func publish(_ transition: NavigationTransition) {
        host.show(stack.pages, transition: animatesTransitions ? transition : .none)
        if let journalPlace { recordStack(in: journalPlace) }
        observers.notify(stack.pages)
    }
}

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
    mutating func removePages(from index: Int) -> DismissHandlers { removePages(.from(index)) }

    /// Removes every page `matches` picks and returns their `onDismissed` closures, top first.
    mutating func removePages(where matches: (Page<Route>) -> Bool) -> DismissHandlers {
        withoutActuallyEscaping(matches) { removePages(.matching($0)) }
    }

    /// The one removal: takes away the pages `which` names (the other pages keep their order)
    /// and returns their `onDismissed` closures, top page first, each exactly once.
    mutating func removePages(_ which: Removal) -> DismissHandlers {
        var handlers = DismissHandlers()
        // The ids are collected only for an observer (a test): this is every pop's path.
        var removedIDs: [PageID]? = RemovalObserver.current == nil ? nil : []
        switch which {
        case .from(let index):
            guard index < pages.count else { return handlers }
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
            guard removedCount > 0 else { return handlers }
            pages.removeAll(where: matches)
        }
        if let removedIDs { RemovalObserver.current?(removedIDs) }
        return handlers
    }

    /// Number of `onDismissed` closures still waiting (for leak checks).
    var pendingDismissHandlers: Int { onDismissed.count }
}

/// The `onDismissed` closures a removal hands back, top page first. The first is kept
/// inline: most removals take one page, and an array of closures cost an allocation and a
/// generic destroy at every pop (callgrind: about 880 instructions a headless present+dismiss).
@MainActor
struct DismissHandlers {
    private var first: (@MainActor () -> Void)?
    private var rest: [@MainActor () -> Void] = []

    mutating func append(_ handler: @escaping @MainActor () -> Void) {
        if first == nil { first = handler } else { rest.append(handler) }
    }

    /// Runs them, in order.
    func run() {
        first?()
        for handler in rest { handler() }
    }
}

/// Where `RouterState.removalObserver` is kept (a generic type cannot have stored statics).
@MainActor
enum RemovalObserver {
    static var current: (@MainActor ([PageID]) -> Void)?
}
