/// The machinery both routers share: a back stack, a host to show it, and observers.
///
/// Every change goes through `push` or `truncate`, in the same order: update the data, let
/// the host show it, tell observers, then run the `onDismissed` closures of pages that left
/// (top first). By the time any closure runs, the router's state is final.
@MainActor
final class RouterCore<Route: NavigationRoute> {
    private(set) var stack = BackStack<Route>()
    let host: any NavigationHost<Route>
    private let observers = StackObservers<Route>()

    init(host: any NavigationHost<Route>) { self.host = host }

    var pages: [Page<Route>] { stack.pages }

    func push(_ page: Page<Route>, animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let first = stack.pages.isEmpty
        stack.push(page, onDismissed: onDismissed)
        publish(animated && !first ? .push : .none)
    }

    /// Keeps the first `count` pages and removes the rest.
    func truncate(to count: Int, animated: Bool) {
        guard count < stack.pages.count else { return }
        let handlers = stack.removePages(from: count)
        publish(animated && count > 0 ? .pop : .none)
        for handler in handlers { handler() }
    }

    func observe(_ handler: @escaping @MainActor ([Page<Route>]) -> Void) -> StackObservation {
        observers.add(handler)
    }

    private func publish(_ transition: NavigationTransition) {
        host.show(stack.pages, transition: transition)
        observers.notify(stack.pages)
    }
}
