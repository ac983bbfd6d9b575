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
