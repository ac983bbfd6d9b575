/// What `StackRouter` and `ModalRouter` share: their pages (`RouterState`), a host to show them, observers,
/// and the one place pages are added and removed.
///
/// Every change goes through `push` or `truncate`, in the same order: update the data, let
/// the host show it, tell observers, then run the `onDismissed` closures of the pages that
/// left (top first). By the time any closure runs, the router's state is final, and because
/// nothing else removes pages, each closure runs exactly once.
///
/// Not for use on its own: the subclasses decide what `dismiss` and the host's close
/// requests mean.
@MainActor
public class PageRouter<Route: NavigationRoute> {
    private var stack = RouterState<Route>()
    private let host: any NavigationHost<Route>
    private let observers = StackObservers<Route>()

    init(host: any NavigationHost<Route>) {
        self.host = host
    }

    /// The current stack, bottom first. The last page is the visible one.
    public var pages: [Page<Route>] { stack.pages }

    /// When `false`, every change shows without animation (e.g. while a deep link or a saved
    /// state is rebuilt page by page, the user sees only the end result).
    public var animatesTransitions = true

    /// Whether there is a page to go back to.
    public var canGoBack: Bool { stack.pages.count > 1 }

    /// Number of `onDismissed` closures still waiting for their pages to leave.
    public var pendingDismissHandlers: Int { stack.pendingDismissHandlers }

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

    /// Pops the top page, unless it is the first one: Back never empties a stack.
    public func goBack(animated: Bool) {
        guard canGoBack else { return }
        truncate(to: stack.pages.count - 1, animated: animated)
    }

    /// Calls `handler` with the new stack after every change. Keep the returned observation.
    public func observe(_ handler: @escaping @MainActor ([Page<Route>]) -> Void) -> StackObservation {
        observers.add(handler)
    }

    /// Pops every page above the topmost page showing `route`. Returns `false` (and changes
    /// nothing) if no page shows it.
    @discardableResult
    public func popTo(_ route: Route, animated: Bool) -> Bool {
        guard let index = stack.pages.lastIndex(where: { $0.route == route }) else { return false }
        truncate(to: index + 1, animated: animated)
        return true
    }

    /// Removes the page `id` and every page above it (how a flow whose first page is `id`
    /// ends without touching the pages below it). Returns `false` if `id` is not on the stack.
    @discardableResult
    public func remove(from id: PageID, animated: Bool) -> Bool {
        guard let index = stack.pages.firstIndex(where: { $0.id == id }) else { return false }
        truncate(to: index, animated: animated)
        return true
    }

    /// Replaces the top page with a page for `route`: the new page slides in (with
    /// `animated`) as if pushed, the old top's `onDismissed` runs after the new page is shown,
    /// and the new page gets `onDismissed`. On an empty stack it presents the first page.
    @discardableResult
    public func replaceTop(
        with route: Route, model: any PageModel, animated: Bool, onDismissed: (@MainActor () -> Void)?
    ) -> PageID {
        let hadPages = !stack.pages.isEmpty
        let handlers = stack.removePages(from: max(stack.pages.count - 1, 0))
        let page = Page(route: route, model: model)
        stack.push(page, onDismissed: onDismissed)
        publish(animated && hadPages ? .push : .none)
        for handler in handlers { handler() }
        return page.id
    }

    /// Replaces the whole stack with new pages for `entries` (bottom first), in one change with
    /// no intermediate screens: every old page's `onDismissed` runs once, after the new stack
    /// is shown. With `animated`, the new top slides in forwards when the stack grows or
    /// keeps its depth, and backwards when it shrinks. Returns the new pages' ids.
    @discardableResult
    public func setStack(_ entries: [PageEntry<Route>], animated: Bool) -> [PageID] {
        let oldCount = stack.pages.count
        let handlers = stack.removePages(from: 0)
        let ids = entries.map { entry in
            let page = Page(route: entry.route, model: entry.model)
            stack.push(page, onDismissed: entry.onDismissed)
            return page.id
        }
        let transition: NavigationTransition =
            !animated || oldCount == 0 || entries.isEmpty ? .none : entries.count >= oldCount ? .push : .pop
        publish(transition)
        for handler in handlers { handler() }
        return ids
    }

    /// Removes every page, the first one too: a `StackRouter`'s root leaves (e.g. a welcome
    /// page that is done), a `ModalRouter` closes.
    public func dismissAll(animated: Bool) { truncate(to: 0, animated: animated) }

    /// Removes every page whose route `shows` matches, wherever it is on the stack: how
    /// navigation follows data that went away (a deleted record). The other pages keep their
    /// order, ids and `onDismissed`; each removed page's `onDismissed` runs once, top first,
    /// after the host shows the new stack. With `animated`, a change of the visible page
    /// slides back; removing only pages below it shows no transition. Returns how many pages
    /// were removed (0: nothing changed).
    @discardableResult
    public func removeAll(where shows: (Route) -> Bool, animated: Bool) -> Int {
        let oldTop = stack.pages.last?.id
        let before = stack.pages.count
        let handlers = stack.removePages(where: { shows($0.route) })
        let removed = before - stack.pages.count
        guard removed > 0 else { return 0 }
        let topChanged = stack.pages.last?.id != oldTop
        publish(animated && topChanged && !stack.pages.isEmpty ? .pop : .none)
        for handler in handlers { handler() }
        return removed
    }

    /// Shows the same stack again, because pages' models changed what they show (e.g. a
    /// title after a rename): the host re-reads every page's title. Nothing is added or
    /// removed, nothing animates, no `onDismissed` runs and observers are not told.
    public func refresh() {
        host.show(stack.pages, transition: .none)
    }

    /// The user's Back (header bar button, Alt+Left, mouse back button): pop one page.
    public func hostDidRequestBack() { goBack(animated: true) }

    /// Keeps the first `count` pages and removes the rest, running their `onDismissed`.
    func truncate(to count: Int, animated: Bool) {
        guard count < stack.pages.count else { return }
        let handlers = stack.removePages(from: count)
        publish(animated && count > 0 ? .pop : .none)
        for handler in handlers { handler() }
    }

    private func publish(_ transition: NavigationTransition) {
        host.show(stack.pages, transition: animatesTransitions ? transition : .none)
        observers.notify(stack.pages)
    }
}
