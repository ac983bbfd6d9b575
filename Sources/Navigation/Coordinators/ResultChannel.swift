/// Values from a child flow to one waiting parent, ending with `nil` when the flow ends.
///
/// One value per ask: a value sent while the parent is still handling the previous one (a
/// double click, before the parent has shown its next page) is dropped, so it cannot start
/// the parent's next step twice. A value sent before the parent first asks is kept.
@MainActor
public final class ResultChannel<Output: Sendable> {
    private var waiter: CheckedContinuation<Output?, Never>?
    private var buffered: Output?
    private var isClosed = false
    private var parentIsHandlingValue = false

    /// An open channel.
    public init() {}

    /// Sends `value` to the waiting parent (or keeps it until the parent first asks).
    /// Ignored after the channel is closed and while the parent handles the previous value.
    public func send(_ value: Output) {
        guard !isClosed, !parentIsHandlingValue else { return }
        if let waiter {
            self.waiter = nil
            parentIsHandlingValue = true
            waiter.resume(returning: value)
        } else {
            buffered = value
        }
    }

    /// Ends the channel: a waiting parent, and any later `next()`, gets `nil`.
    public func close() {
        isClosed = true
        buffered = nil
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: nil)
        }
    }

    /// Whether the flow has ended.
    public var closed: Bool { isClosed }

    /// The next value sent, or `nil` once the flow has ended. One waiter at a time.
    public func next() async -> Output? {
        parentIsHandlingValue = false
        if let value = buffered {
            buffered = nil
            return value
        }
        if isClosed { return nil }
        return await withCheckedContinuation { continuation in
            precondition(waiter == nil, "ResultChannel supports one waiter at a time")
            waiter = continuation
        }
    }
}
