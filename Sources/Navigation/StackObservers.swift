/// A registration returned by `observe`. Keep it to keep observing; `cancel()` or dropping
/// it stops.
@MainActor
public final class StackObservation {
    private var cancellation: (@MainActor () -> Void)?

    init(cancellation: @escaping @MainActor () -> Void) { self.cancellation = cancellation }

    /// Stops observing. Safe to call twice.
    public func cancel() {
        cancellation?()
        cancellation = nil
    }

    isolated deinit { cancel() }
}

/// The observers of one router's stack.
@MainActor
final class StackObservers<Route: NavigationRoute> {
    private var handlers: [Int: @MainActor ([Page<Route>]) -> Void] = [:]
    private var nextKey = 0

    func add(_ handler: @escaping @MainActor ([Page<Route>]) -> Void) -> StackObservation {
        let key = nextKey
        nextKey += 1
        handlers[key] = handler
        return StackObservation { [weak self] in self?.handlers[key] = nil }
    }

    func notify(_ pages: [Page<Route>]) {
        for key in handlers.keys.sorted() { handlers[key]?(pages) }
    }
}
