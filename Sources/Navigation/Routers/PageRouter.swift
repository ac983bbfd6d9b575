#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `StackRouter` and `ModalRouter` share: their pages (`RouterState`), a host to show them, observers,
/// leave guards, and the one place pages are added and removed.
///
/// Every change, in the same order: update the data (`RouterState.push`, and for every
/// removal `RouterState.removePages(_:)` or, from forward history, `removeForwardPages(_:)`:
/// the one function behind both takes pages away and hands back their `onDismissed`
/// closures), let the host show it, tell observers, then run the
/// `onDismissed` closures of the pages that left (top first). This file holds the router's
/// state, its questions and the operations a flow calls; `PageRouter+Requests.swift` holds
/// the path a removal takes first: the host's requests (Back, close) and `submit`, which asks
/// the leave guards of the pages a change would remove, in order, and holds the change while
/// a question is open; `PageRouter+Stack.swift` holds the stack and the one place it
/// changes: `present`, `perform`, `removeAll(where:)` (the data went away: no guard asked),
/// `truncate` (a closed host too) and `finish`, which calls `publish` to show the result. By
/// the time any closure runs, the router's state is final, and because nothing else removes
/// pages, each closure runs exactly once.
///
/// Not for use on its own: the subclasses decide what `dismiss` keeps and whether a close
/// request animates (`restingCount`, `closesAnimated`).
@MainActor
public class PageRouter<Route: NavigationRoute> {
    // Internal, not private: the request and change paths (PageRouter+Requests.swift,
    // PageRouter+Stack.swift) use them.
    var stack = RouterState<Route>()
    let host: any NavigationHost<Route>
    let observers = StackObservers<Route>()
    var guards: [PageID: LeaveGuard<Route>] = [:]
    var pending: PendingLeave<Route>?
    /// The user's requests (through the host) that came while a question was pending: made
    /// in order once it is concluded (`PageRouter+Requests.swift`).
    var waiting: [WaitingRequest<Route>] = []
    /// Whether a turn that makes the waiting requests is scheduled.
    var drainScheduled = false
    private let thread = pthread_self()

    /// A router on `host`; `keepsRoot`: a stack router's (`restingCount`, `closesAnimated`).
    init(host: any NavigationHost<Route>, keepsRoot: Bool) {
        self.host = host
        self.keepsRoot = keepsRoot
    }

    // Not `isolated deinit`: that runs without the releasing task's task-locals, and the
    // host it releases reports leaks to the test that owns it (`NavigationTesting`). A router
    // is released on the thread it was made on, the main thread, where its pending question
    // is abandoned at once; anywhere else, on the main actor soon after. On the main thread
    // the host hears that nothing will change its pages again (hosts that check leaks check
    // them once this router's stack is gone), except the pages an unanswered question is
    // about: the abandoned question's task holds them until it ends.
    deinit {
        let pending = pending
        let onMainThread = pthread_equal(pthread_self(), thread) != 0
        if onMainThread {
            MainActor.assumeIsolated {
                let asked = Set(pending?.asking?.leaving.map { $0.id } ?? [])
                (host as? any RouterReleasing)?.routerDidGoAway(unanswered: asked)
            }
        }
        guard let pending else { return }
        if onMainThread {
            MainActor.assumeIsolated { Self.abandon(pending) }
        } else {
            Task { @MainActor in Self.abandon(pending) }
        }
    }

    /// Nobody will answer now: whoever awaits `request` learns the change was not made.
    private static func abandon(_ pending: PendingLeave<Route>) {
        pending.task?.cancel()
        for completion in pending.completions { completion(false) }
    }

    /// Whether this is a stack router, whose first page stays; not a dialog's.
    // A stored flag, not overridden properties: an override in a generic subclass is called
    // through the class's table, unspecialized, where it looks up `Page<Route>`'s metadata
    // to count the stack (callgrind: about 390 instructions a headless present+dismiss).
    private let keepsRoot: Bool

    /// How many pages `dismiss` keeps (a stack router its root, a dialog router none).
    var restingCount: Int { keepsRoot ? min(1, stack.pages.count) : 0 }

    /// Whether a close request animates (a stack's pages slide; a dialog's window just goes).
    var closesAnimated: Bool { keepsRoot }

    /// The current stack, bottom first. The last page is the top page.
    public var pages: [Page<Route>] { stack.pages }

    /// Where this router records what it does (`NavigationJournal`), or `nil`: nothing is
    /// recorded. A `WindowGroup` with a journal sets it on every router of a window it adds.
    public var journalPlace: JournalPlace?

    /// When `false`, every change shows without animation (e.g. while a deep link or a saved
    /// state is rebuilt page by page, the user sees only the end result).
    public var animatesTransitions = true

    /// How many pages the router keeps for Forward (`forwardPages`): 0, the default, keeps
    /// none, and a Back ends the pages it removes. Above 0, the pages the user's Back removes
    /// (and those a leave guard answers `keep` for) are kept as they are, and end only when
    /// dropped: by a new page, by a change that removes pages other than Back (code, a
    /// dialog's Cancel or close, a Back whose question the user answered *Discard*), past this
    /// many, or with the window. Lowering it ends the pages past the new limit.
    public var forwardLimit = 0 {
        didSet {
            guard stack.forward.count > max(forwardLimit, 0) else { return }
            finish(publishing: .none, stack.removeForwardPages(.from(max(forwardLimit, 0))))
        }
    }

    /// Whether there is a page to go back to.
    public var canGoBack: Bool { stack.pages.count > 1 }

    /// Whether a person can see and use the page `id` now: the host shows it (a stack its top
    /// page, a split its sidebar page and the page beside it; none while a modal dialog covers
    /// the host's window), and no leave question about it is open. What every intent helper
    /// asks before it runs an intent.
    public func isShown(_ id: PageID) -> Bool {
        guard host.isShown(id, of: stack.pages) else { return false }
        // A page a question is about is on its way out: its controls wait for the answer.
        guard let asking = pending?.asking else { return true }
        return !asking.leaving.contains(where: { $0.id == id })
    }

    /// Registers `object` as brought by the page `id`: once the page has left and the host has
    /// settled, `object` must be gone (hosts that check report it). Does nothing if `id` is not
    /// on the stack.
    public func register(_ object: AnyObject, broughtBy id: PageID) {
        guard stack.pages.contains(where: { $0.id == id }) else { return }
        host.register(object, broughtBy: id)
    }

    /// Number of `onDismissed` closures still waiting for their pages to leave (for this
    /// package's tests: each must run once, and none may be left behind).
    package var pendingDismissHandlers: Int { stack.pendingDismissHandlers }

    /// Pops the top page, unless it is the first one: Back never empties a stack. Asks the
    /// top page's leave guard, if it has one (reason `code`).
    public func goBack(animated: Bool) { submit(.goBack, reason: .code, animated: animated) }

    /// Calls `handler` with the new stack after every change. Keep the returned observation.
    public func observe(_ handler: @escaping @MainActor ([Page<Route>]) -> Void) -> StackObservation {
        observers.add(handler)
    }

    /// Pops every page above the topmost page showing `route`. Returns `false` (and changes
    /// nothing) if no page shows it. Asks the leave guards of the pages it would remove
    /// (reason `code`); `true` means the change was made or waits for their answer.
    @discardableResult
    public func popTo(_ route: Route, animated: Bool) -> Bool {
        guard stack.pages.contains(where: { $0.route == route }) else { return false }
        submit(.popTo(route), reason: .code, animated: animated)
        return true
    }

    /// Removes the page `id` and every page above it (how a flow whose first page is `id`
    /// ends without touching the pages below it). Returns `false` if `id` is neither on the
    /// stack nor in forward history. Asks the leave guards of the pages it would remove (reason
    /// `code`). A page in forward history ends at once, with the forward pages after it (a flow
    /// that ended while Back had taken it does not come back): nothing is shown, no guard asked.
    @discardableResult
    public func remove(from id: PageID, animated: Bool) -> Bool {
        guard stack.pages.contains(where: { $0.id == id }) else {
            guard let index = stack.forward.firstIndex(where: { $0.id == id }) else { return false }
            finish(publishing: .none, stack.removeForwardPages(.from(index)))
            return true
        }
        submit(.remove(from: id), reason: .code, animated: animated)
        return true
    }

    /// Replaces the top page with a page for `route`: the new page slides in (with
    /// `animated`) as if pushed, the old top's `onDismissed` runs after the new page is shown,
    /// and the new page gets `onDismissed`. On an empty stack it presents the first page.
    /// If the old top's leave guard keeps it, the new page never appears and its
    /// `onDismissed` runs at once (the flow it started has ended).
    @discardableResult
    public func replaceTop(
        with route: Route, model: any PageModel, animated: Bool, onDismissed: (@MainActor () -> Void)?
    ) -> PageID {
        let entry = PageEntry(route, model: model, onDismissed: onDismissed)
        return submit(.replaceTop(entry), reason: .code, animated: animated)[0]
    }

    /// Replaces the whole stack with new pages for `entries` (bottom first), in one change with
    /// no pages in between: every old page's `onDismissed` runs once, after the new stack
    /// is shown. With `animated`, the new top slides in forwards when the stack grows or
    /// keeps its depth, and backwards when it shrinks. Returns the new pages' ids. Asks the
    /// leave guards of the old pages (reason `code`; a link uses `request(_:reason:animated:)`
    /// with `link`); if one keeps its page, nothing changes and the new pages' `onDismissed`
    /// run at once.
    @discardableResult
    public func setStack(_ entries: [PageEntry<Route>], animated: Bool) -> [PageID] {
        submit(.setStack(entries), reason: .code, animated: animated)
    }

    /// Removes every page, the first one too: a `StackRouter`'s root leaves (e.g. a welcome
    /// page that is done), a `ModalRouter` closes. Asks the leave guards (reason `code`).
    public func dismissAll(animated: Bool) { submit(.dismissAll, reason: .code, animated: animated) }

    /// Shows the same stack again, because pages' models changed what they show (e.g. a
    /// title after a rename): the host re-reads every page's title. Nothing is added or
    /// removed, nothing animates, no `onDismissed` runs and observers are not told.
    public func refresh() {
        host.show(stack.pages, forward: stack.forward, transition: .none)
    }

    // MARK: Leave guards

    /// Guards the page `id`: from now on, every change that would remove it (except a removal
    /// caused by the data, `removeAll(where:animated:)`, or by its window being destroyed)
    /// first asks `guard`, exactly once, what to do. `nil` removes the guard. Does nothing if
    /// `id` is neither on the stack nor in forward history. The router keeps `guard` until the page leaves: capture the
    /// page's model or flow weakly.
    public func setLeaveGuard(_ guard: LeaveGuard<Route>?, for id: PageID) {
        guard stack.pages.contains(where: { $0.id == id }) || stack.forward.contains(where: { $0.id == id }) else {
            return
        }
        guards[id] = `guard`
    }

    /// Whether a leave guard protects the page `id` (`setLeaveGuard(_:for:)`, or a flow's
    /// `leaveGuard` on the flow's first page).
    public func hasLeaveGuard(_ id: PageID) -> Bool { guards[id] != nil }

    /// The question a leave guard is asking now, if any: while it is open, the stack does not
    /// change except by adding pages, by the data (`removeAll`) or by the window going away,
    /// and further requests to remove pages wait for the same answer (the latest one is made
    /// if the answer is yes; no second question is asked).
    public var pendingLeave: LeaveRequest<Route>? { pending?.asking }

    /// Makes `change` for `reason` once the leave guards of the pages it removes agree.
    /// Returns `false` if it was refused: a guard kept its page, or a later request replaced
    /// it while an answer was pending. `true`: it was made, or had nothing to do (Back on the
    /// root page, `dismiss` of a closed dialog, `popTo` a route that is not on the stack).
    /// With no guard to ask, the change is made before the first suspension, exactly as the
    /// methods that name it make it.
    @discardableResult
    public func request(_ change: StackChange<Route>, reason: LeaveReason, animated: Bool) async -> Bool {
        await NavigationWork.suspend { continuation in
            submit(change, reason: reason, animated: animated) { NavigationWork.resume(continuation, returning: $0) }
        }
    }
}
