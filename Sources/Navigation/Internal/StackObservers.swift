/// The observers of one router's stack.
@MainActor
final class StackObservers<Route: NavigationRoute> {
    /// In registration order; a cancelled observer leaves its slot `nil` until compacted.
    private var handlers: [(key: Int, handler: @MainActor ([Page<Route>]) -> Void)] = []
    private var nextKey = 0

    func add(_ handler: @escaping @MainActor ([Page<Route>]) -> Void) -> StackObservation {
        let key = nextKey
        nextKey += 1
        handlers.append((key, handler))
        return StackObservation { [weak self] in self?.handlers.removeAll { $0.key == key } }
    }

    func notify(_ pages: [Page<Route>]) {
        guard !handlers.isEmpty else { return }  // the common case costs nothing
        for entry in handlers { entry.handler(pages) }
    }
}
