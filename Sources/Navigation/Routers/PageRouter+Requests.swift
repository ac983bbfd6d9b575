/// The path every change that may remove pages takes first, in the order it runs: the
/// host's requests (the user's Back and close) and the operations that name a change, then
/// `submit`, which asks the leave guards of the pages the change would remove, top first,
/// holds the change while a question is open and joins later requests from code into it.
/// Once the guards agree (or none would ask), `perform` makes the change
/// (`PageRouter+Stack.swift`); what follows a question's answer is in `PageRouter+Answers.swift`.
///
/// **No input is swallowed by a question.** A request the user makes through the host
/// (Back, a swipe, the sidebar's Back, Cancel, Escape, the close button) while a question is
/// pending waits for it instead of joining it: once the question's request is carried out
/// or refused, the waiting requests are made in the order they came, each asking its own
/// guards (again, if its leave would lose something). In a GTK app the question is modal, so
/// such a request is one that came after the user answered and before the answer was
/// carried out (a key pressed right after a click on *Discard*). Requests from code (a link,
/// a row chosen, a window's close, `request(_:reason:animated:)`) join the pending question
/// instead: one question, and the latest request is the one made on yes.
extension PageRouter {
    /// The user's Back (header bar button, Alt+Left, mouse back button): pop one page, if
    /// its guard agrees. While a question is pending, it waits for it (see above).
    public func hostDidRequestBack() {
        journalPlace?.record(.host("back", page: nil))
        submitFromHost(.goBack, reason: .back, animated: true)
    }

    /// The user's Back from the page `id` (a split view's sidebar Back): `id` and every page
    /// above it leave in one step, if their guards agree. Nothing happens if `id` is not on
    /// the stack, or is the only page left (when the request is made: while a question is
    /// pending, it waits for it).
    public func hostDidRequestBack(from id: PageID) {
        recordHost("back-from", page: id)
        back(from: id)
    }

    func back(from id: PageID) {
        if pending != nil { return waiting.append(.backFrom(id)) }
        guard let index = stack.pages.firstIndex(where: { $0.id == id }), stack.pages.count > 1 else { return }
        // Back never empties a stack: from the first page it leaves the pages above it.
        let change: StackChange<Route> = index == 0 ? .remove(from: stack.pages[1].id) : .remove(from: id)
        submit(change, reason: .back, animated: true)
    }

    /// The user chose the page `id` in Back's history: the pages above it leave in one step,
    /// if their guards agree (each asked once, top first, reason `back`). Nothing happens if
    /// `id` is not on the stack or is its top page (when the request is made: while a question
    /// is pending, it waits for it).
    public func hostDidRequestBack(to id: PageID) {
        recordHost("back-to", page: id)
        back(to: id)
    }

    func back(to id: PageID) {
        if pending != nil { return waiting.append(.backTo(id)) }
        guard let index = stack.pages.firstIndex(where: { $0.id == id }), index + 1 < stack.pages.count else { return }
        submit(.remove(from: stack.pages[index + 1].id), reason: .back, animated: true)
    }

    /// Cancel or Escape (`cancel`), the window's close button or Ctrl+W (`close`): back to the
    /// resting state (a stack router keeps its root, a dialog router closes), if the leave
    /// guards agree. While a question is pending, it waits for it.
    public func hostDidRequestDismiss(_ reason: LeaveReason) {
        journalPlace?.record(.host(reason.description, page: nil))
        submitFromHost(.dismiss, reason: reason, animated: closesAnimated)
    }

    /// The window crossed the split layout's width (or its first width is known): recorded in
    /// the journal (`resized`); the stack does not change.
    public func hostDidResize(width: Int) {
        journalPlace?.record(.resized(width))
    }

    /// The host's window is gone (destroyed with its parent): every page, the root too, has
    /// left. Not vetoable.
    public func hostWasDestroyed() {
        journalPlace?.record(.host("destroyed", page: nil))
        waiting.removeAll()
        truncate(to: 0, animated: false)
    }

    /// Records the host's request `name` about the page `id`, named by its route.
    private func recordHost(_ name: String, page id: PageID) {
        guard let journalPlace else { return }
        let route = stack.pages.first(where: { $0.id == id }).map { String(describing: $0.route) }
        journalPlace.record(.host(name, page: route))
    }

    /// Makes `change` now, or, while a question is pending, keeps it for after it.
    func submitFromHost(_ change: StackChange<Route>, reason: LeaveReason, animated: Bool) {
        if pending != nil { return waiting.append(.change(change, reason: reason, animated: animated)) }
        submit(change, reason: reason, animated: animated)
    }

    /// Starts `change`: asks the guards (or joins the pending question) and makes it when
    /// they agree. Returns the ids of the pages it adds.
    @discardableResult
    func submit(
        _ change: StackChange<Route>, reason: LeaveReason, animated: Bool, performs: Bool = true,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) -> [PageID] {
        let planned = PlannedChange(change, reason: reason, animated: animated, performs: performs)
        // Closures, not key paths: a key path into a generic type is built anew at every call
        // (the runtime demangles its type), which cost the appointment flow 7% of its time.
        let ids = planned.newPages.map { $0.page.id }
        if let journalPlace { record(planned, in: journalPlace) }
        if let pending {
            // One question for both: the latest request is the one made if the answer is yes.
            let superseded = pending.change
            let waiting = pending.completions
            pending.change = planned
            pending.completions = completion.map { [$0] } ?? []
            superseded.discardNewPages()
            for earlier in waiting { earlier(false) }
        } else if guards.isEmpty {
            // Nobody to ask (most changes): made now, with no pending request to keep. Its
            // allocation and generic deinit were a third of a headless present+dismiss.
            if planned.performs, let kept = keptCount(planned.change) {
                perform(planned, keeping: kept, forForward: planned.reason == .back)
            }
            completion?(true)
        } else {
            evaluate(PendingLeave(planned, completion: completion))
        }
        return ids
    }

    /// Records the request for `planned`: its change's name, the routes it names, its reason.
    private func record(_ planned: PlannedChange<Route>, in place: JournalPlace) {
        let reason = planned.reason
        switch planned.change {
        // Index loops, no closures or optionals of `Route`: a closure isolated to the main actor
        // checks the executor at each call, and where the router runs unspecialized (called
        // through `any Router`) each generic wrapper (an iterator, `Route?`) has its type's
        // metadata looked up.
        case .goBack: place.recordRequest(.goBack, reason: reason)
        case .dismiss: place.recordRequest(.dismiss, reason: reason)
        case .dismissAll: place.recordRequest(.dismissAll, reason: reason)
        case .popTo(let route): place.recordRequest(.popTo, route: route, reason: reason)
        case .remove(let id):
            let pages = stack.pages
            var index = 0
            while index < pages.count, pages[index].id != id { index += 1 }
            if index < pages.count {
                place.recordRequest(.removeFrom, route: pages[index].route, reason: reason)
            } else {
                place.recordRequest(.removeFrom, reason: reason)
            }
        case .replaceTop: place.recordRequest(.replaceTop, routes: newRoutes(of: planned), reason: reason)
        case .setStack: place.recordRequest(.setStack, routes: newRoutes(of: planned), reason: reason)
        }
    }

    /// The routes of the pages `planned` adds.
    private func newRoutes(of planned: PlannedChange<Route>) -> [Route] {
        var routes: [Route] = []
        for index in 0..<planned.newPages.count { routes.append(planned.newPages[index].page.route) }
        return routes
    }

    /// How many pages `change` keeps, or `nil` if it has nothing to do.
    private func keptCount(_ change: StackChange<Route>) -> Int? {
        let count = stack.pages.count
        let kept: Int? =
            switch change {
            case .goBack: count > 1 ? count - 1 : nil
            case .dismiss: restingCount
            case .dismissAll: 0
            case .popTo(let route): stack.pages.lastIndex(where: { $0.route == route }).map { $0 + 1 }
            case .remove(let id): stack.pages.firstIndex(where: { $0.id == id })
            case .replaceTop: max(count - 1, 0)
            case .setStack: 0
            }
        guard let kept else { return nil }
        switch change {
        case .replaceTop, .setStack: return kept  // always a change: pages are added
        // At rest, dismissing still ends the pages kept for Forward (a window closing).
        case .dismiss, .dismissAll: return kept < count || !stack.forward.isEmpty ? kept : nil
        default: return kept < count ? kept : nil
        }
    }

    /// Asks the guards of the pages `request`'s change would remove, top first, skipping those
    /// that already agreed; makes the change when none is left to ask.
    func evaluate(_ request: PendingLeave<Route>) {
        let planned = request.change
        guard let kept = keptCount(planned.change) else { return conclude(request, made: true) }  // nothing to do
        let leaving = Array(stack.pages[kept...].reversed())
        if !guards.isEmpty {
            let destination = stack.pages[..<kept].map { $0.route } + planned.newPages.map { $0.page.route }
            for page in leaving where !request.approved.contains(page.id) {
                guard let decide = guards[page.id] else { continue }
                let question = LeaveRequest(
                    reason: planned.reason, page: page, leaving: leaving, destination: destination)
                let decision = decide(question)
                journalPlace?.recordGuard(page.route, reason: planned.reason, decision: decision)
                switch decision {
                case .leave:
                    request.approved.insert(page.id)
                case .keep:
                    request.approved.insert(page.id)
                    request.keeps = true
                case .stay:
                    return conclude(request, made: false)
                case .ask(let ask):
                    return open(question, ask: ask, for: request)
                }
            }
        }
        // A Back keeps its pages for Forward, and a guard's `keep` whatever the reason, unless
        // the user was asked and chose to let them go (a question's yes discards).
        let forForward = (request.keeps || planned.reason == .back) && !request.discards
        if planned.performs { perform(planned, keeping: kept, forForward: forForward) }
        conclude(request, made: true)
    }

    private func open(
        _ question: LeaveRequest<Route>, ask: @escaping @MainActor () async -> Bool, for request: PendingLeave<Route>
    ) {
        request.asking = question
        request.serial += 1
        let serial = request.serial
        pending = request
        let task = Task.immediate { @MainActor [weak self] in
            let answer = await ask()
            self?.answered(answer, serial: serial, for: request)
        }
        if request.asking != nil && request.serial == serial { request.task = task }
    }

}

/// A `StackChange` with its reason, its animation and its new pages made.
@MainActor
struct PlannedChange<Route: NavigationRoute> {
    let change: StackChange<Route>
    let reason: LeaveReason
    let animated: Bool
    /// Whether the change is made once the guards agree (`false`: only their answer is wanted,
    /// `PageRouter.ask`).
    let performs: Bool
    /// The pages `replaceTop` or `setStack` adds, bottom first.
    let newPages: [(page: Page<Route>, onDismissed: (@MainActor () -> Void)?)]

    init(_ change: StackChange<Route>, reason: LeaveReason, animated: Bool, performs: Bool = true) {
        self.change = change
        self.reason = reason
        self.animated = animated
        self.performs = performs
        let entries: [PageEntry<Route>] =
            switch change {
            case .replaceTop(let entry): [entry]
            case .setStack(let entries): entries
            default: []
            }
        newPages = entries.map { (Page(route: $0.route, model: $0.model), $0.onDismissed) }
    }

    /// The new pages never appeared: the flows they started end now.
    func discardNewPages() {
        for page in newPages.reversed() { page.onDismissed?() }
    }
}

/// A request of the user's, made through the host while a question was pending.
enum WaitingRequest<Route: NavigationRoute> {
    /// Back, Cancel, Escape or close: the change and its reason.
    case change(StackChange<Route>, reason: LeaveReason, animated: Bool)
    /// Back from a page beside a sidebar (`hostDidRequestBack(from:)`).
    case backFrom(PageID)
    /// Back to a page chosen in Back's history (`hostDidRequestBack(to:)`).
    case backTo(PageID)
    /// Forward: one page (`nil`), or up to a page chosen among the pages ahead.
    case forward(to: PageID?)
}

/// One requested change that leave guards are deciding on, and the question being asked.
///
/// A router has at most one. A change requested while it waits replaces the change it
/// waits for (the latest request wins) without asking again: two exits while one answer is
/// pending make one question.
@MainActor
final class PendingLeave<Route: NavigationRoute> {
    /// The change, with the pages it would add already made (so their ids can be returned).
    var change: PlannedChange<Route>
    /// Told once whether the change was made.
    var completions: [@MainActor (Bool) -> Void]
    /// Pages whose guards agreed to this request.
    var approved: Set<PageID> = []
    /// Whether a guard answered `keep`: the pages go to forward history.
    var keeps = false
    /// Whether the user answered a guard's question with yes: the pages end (not kept).
    var discards = false
    /// The guarded page whose question is open, and the request it was asked.
    var asking: LeaveRequest<Route>?
    /// Tells a question's late answer from the current one's.
    var serial = 0
    /// The open question's task, cancelled if the question becomes moot.
    var task: Task<Void, Never>?

    init(_ change: PlannedChange<Route>, completion: (@MainActor (Bool) -> Void)?) {
        self.change = change
        completions = completion.map { [$0] } ?? []
    }
}
