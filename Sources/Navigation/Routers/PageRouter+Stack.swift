/// The stack itself and the one place it changes: `present` adds a page, `perform` makes a
/// change the leave guards agreed to, `removeAll(where:)` removes what the data took away,
/// `truncate` removes from a position up — each through `RouterState`, whose
/// `take` (behind `removePages` and `removeForwardPages`) is the one function that takes pages
/// away — and `finish` publishes the
/// result (`publish`: the host shows it, the observers hear of it) and then runs the
/// `onDismissed` of the pages that left. The requests that lead here, and the leave guards
/// they ask, are in `PageRouter+Requests.swift`.
extension PageRouter {
    /// Pushes a page for `route` on top (the first page appears without animation). Forward
    /// history ends: the pages in it leave, after the new page is shown.
    @discardableResult
    public func present(
        _ route: Route, model: any PageModel, animated: Bool, onDismissed: (@MainActor () -> Void)?
    ) -> PageID {
        let page = Page(route: route, model: model)
        let transition: NavigationTransition = animated && !stack.pages.isEmpty ? .push : .none
        if stack.forward.isEmpty {  // most pushes: nothing more to do
            stack.push(page, onDismissed: onDismissed)
            publish(transition)
        } else {
            let dropped = stack.removeForwardPages(.from(0))
            stack.push(page, onDismissed: onDismissed)
            finish(publishing: transition, dropped)
        }
        return page.id
    }

    /// Makes a change the guards agreed to (or that had none to ask), keeping `kept` pages;
    /// with `forForward` (Back, or a guard said `keep`) the pages it removes go to forward
    /// history where the router keeps one (`forwardLimit`).
    func perform(_ planned: PlannedChange<Route>, keeping kept: Int, forForward: Bool) {
        let animated = planned.animated
        switch planned.change {
        case .replaceTop:
            let hadPages = !stack.pages.isEmpty
            var handlers = stack.removeForwardPages(.from(0))
            handlers.append(contentsOf: stack.removePages(from: kept))
            for new in planned.newPages { stack.push(new.page, onDismissed: new.onDismissed) }
            finish(publishing: animated && hadPages ? .push : .none, handlers)
        case .setStack:
            let oldCount = stack.pages.count
            var handlers = stack.removeForwardPages(.from(0))
            handlers.append(contentsOf: stack.removePages(from: 0))
            for new in planned.newPages { stack.push(new.page, onDismissed: new.onDismissed) }
            let newCount = planned.newPages.count
            let transition: NavigationTransition =
                !animated || oldCount == 0 || newCount == 0 ? .none : newCount >= oldCount ? .push : .pop
            finish(publishing: transition, handlers)
        default:
            if forForward && forwardLimit > 0 {
                keepForForward(from: kept, animated: animated)
            } else {
                truncate(to: kept, animated: animated)
            }
        }
    }

    /// Keeps the first `count` pages and removes the rest, running their `onDismissed`, and
    /// ends forward history (what it continued is gone): its pages first, the farthest first,
    /// as the pages above the stack they were. Asks no guard: callers that may be
    /// vetoed go through `submit`.
    func truncate(to count: Int, animated: Bool) {
        guard count < stack.pages.count || !stack.forward.isEmpty else { return }
        var handlers = stack.removeForwardPages(.from(0))  // above the stack: they end first
        handlers.append(contentsOf: stack.removePages(from: count))
        finish(publishing: animated && count > 0 ? .pop : .none, handlers)
    }

    /// Moves the pages above the first `count` into forward history (the pages past
    /// `forwardLimit` end), as a Back shows it.
    private func keepForForward(from count: Int, animated: Bool) {
        let handlers = stack.keepForForward(from: count, limit: forwardLimit)
        finish(publishing: animated && count > 0 ? .pop : .none, handlers)
    }

    /// Removes every page whose route `shows` matches, wherever it is on the stack or in
    /// forward history: how navigation follows data that went away (a deleted record). The other pages keep their
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
        let before = stack.pages.count + stack.forward.count
        // The app's predicate runs before the stack is modified, not during the removal.
        let candidates = stack.forward.isEmpty ? stack.pages : stack.pages + stack.forward
        let doomed = Set(candidates.filter { shows($0.route) }.map { $0.id })
        guard !doomed.isEmpty else { return 0 }
        var handlers = stack.removeForwardPages(.matching({ doomed.contains($0.id) }))
        handlers.append(contentsOf: stack.removePages(where: { doomed.contains($0.id) }))
        let removed = before - stack.pages.count - stack.forward.count
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

    /// Lets the host show the stack and forward history, and tells the observers.
    func publish(_ transition: NavigationTransition) {
        host.show(stack.pages, forward: stack.forward, transition: animatesTransitions ? transition : .none)
        if let journalPlace { recordStack(in: journalPlace) }
        observers.notify(stack.pages)
    }
}

/// The data a router keeps: its pages, the pages Back kept for Forward, and each page's
/// pending `onDismissed`.
///
/// Pages are added by `push`, moved between the stack and forward history by
/// `keepForForward(from:limit:)` and `bringForward(_:)` (a page there has not ended: its
/// `onDismissed` waits), and ended by `removePages(_:)` and `removeForwardPages(_:)` alone —
/// neither list can be changed from outside — so every removal, whichever router operation
/// asked for it (Back, `dismiss`, `popTo`, `replaceTop`, `setStack`, `removeAll(where:)`, a
/// closed window, a push that drops forward history), passes through one function, `take`,
/// which hands back the removed pages' `onDismissed` closures exactly once. The router runs
/// them after the host shows the new stack, so a closure that looks at the router sees the
/// final state.
@MainActor
struct RouterState<Route: NavigationRoute> {
    private(set) var pages: [Page<Route>] = []
    /// The pages Forward brings back, the next one first.
    private(set) var forward: [Page<Route>] = []
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

    /// Takes away the stack's pages `which` names (the other pages keep their order) and
    /// returns their `onDismissed` closures, top page first, each exactly once.
    mutating func removePages(_ which: Removal) -> DismissHandlers {
        Self.take(which, from: &pages, handlers: &onDismissed)
    }

    /// Ends the forward pages `which` names (`.from(0)`: all of them), the farthest first, and
    /// returns their `onDismissed` closures.
    mutating func removeForwardPages(_ which: Removal) -> DismissHandlers {
        guard !forward.isEmpty else { return DismissHandlers() }
        return Self.take(which, from: &forward, handlers: &onDismissed)
    }

    /// Moves the pages at `index...` off the stack to the front of forward history, bottom
    /// first (the next Forward brings the lowest back), their `onDismissed` still pending;
    /// ends the forward pages past `limit` and returns their closures.
    mutating func keepForForward(from index: Int, limit: Int) -> DismissHandlers {
        guard index < pages.count else { return DismissHandlers() }
        forward.insert(contentsOf: pages[index...], at: 0)
        pages.removeSubrange(index...)
        return forward.count > limit ? removeForwardPages(.from(limit)) : DismissHandlers()
    }

    /// Moves the next `count` forward pages back onto the stack, as they were.
    mutating func bringForward(_ count: Int) {
        let count = min(count, forward.count)
        pages.append(contentsOf: forward[..<count])
        forward.removeFirst(count)
    }

    /// The one removal: takes the pages `which` names out of `list` (the others keep their
    /// order) and returns their `onDismissed` closures from `handlers`, last in `list` first,
    /// each exactly once.
    private static func take(
        _ which: Removal, from list: inout [Page<Route>], handlers onDismissed: inout [PageID: @MainActor () -> Void]
    ) -> DismissHandlers {
        var handlers = DismissHandlers()
        // The ids are collected only for an observer (a test): this is every pop's path.
        var removedIDs: [PageID]? = RemovalObserver.current == nil ? nil : []
        switch which {
        case .from(let index):
            guard index < list.count else { return handlers }
            for position in stride(from: list.count - 1, through: index, by: -1) {
                let id = list[position].id
                removedIDs?.append(id)
                if let handler = onDismissed.removeValue(forKey: id) { handlers.append(handler) }
            }
            list.removeSubrange(index...)
        case .matching(let matches):
            var removedCount = 0
            for page in list.reversed() where matches(page) {
                removedCount += 1
                removedIDs?.append(page.id)
                if let handler = onDismissed.removeValue(forKey: page.id) { handlers.append(handler) }
            }
            guard removedCount > 0 else { return handlers }
            list.removeAll(where: matches)
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

    /// Appends `other`'s closures after these.
    mutating func append(contentsOf other: DismissHandlers) {
        if let handler = other.first { append(handler) }
        for handler in other.rest { append(handler) }
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
