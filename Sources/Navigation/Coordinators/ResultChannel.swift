/// Values from a child flow to one waiting parent, ending with `nil` when the flow ends.
///
/// The child owns its channel and sends into it; the parent waits through the
/// ``ChildResults`` that ``Coordinator/coordinate(to:animated:onDismissed:)`` returns, which
/// refers to the channel weakly. So a parent waiting for a value never keeps the child alive:
/// if the child goes away without ending its flow (the app that owned both is gone), the
/// channel goes with it and the waiting parent gets `nil`.
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

    isolated deinit {
        waiter?.resume(returning: nil)  // nobody is left to send: the waiting parent gets nil
    }

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

    /// Where the parent waits: values sent from now on, through a weak reference.
    public var values: ChildResults<Output> { ChildResults(channel: self) }

    /// Resumes `continuation` with the next value: at once if one is kept or the channel is
    /// closed, otherwise when one is sent, the channel closes, or the channel goes away.
    fileprivate func wait(_ continuation: CheckedContinuation<Output?, Never>) {
        parentIsHandlingValue = false
        if let value = buffered {
            buffered = nil
            return continuation.resume(returning: value)
        }
        if isClosed { return continuation.resume(returning: nil) }
        precondition(waiter == nil, "ResultChannel supports one waiter at a time")
        waiter = continuation
    }
}

/// The values a child flow sends, as its parent waits for them: `await next()` returns the
/// next one, or `nil` once the child's flow has ended — or the child is gone.
///
/// It holds the child's channel weakly, and nothing else. Keep *it*, not the flows, across
/// an `await`: a task suspended in `next()` then keeps neither the parent nor the child
/// alive, and a flow left open when its owner goes away is freed (its waiting parent gets
/// `nil`).
///
///     let choices = coordinate(to: picker)
///     Task.immediate { [weak self] in
///         while let pet = await choices.next() { self?.askVisitType(for: pet) }
///     }
@MainActor
public struct ChildResults<Output: Sendable> {
    private weak var channel: ResultChannel<Output>?

    init(channel: ResultChannel<Output>) {
        self.channel = channel
    }

    /// The next value sent, or `nil` once the flow has ended or its channel is gone. One
    /// waiter at a time.
    public func next() async -> Output? {
        await withCheckedContinuation { continuation in
            // The strong reference lives only inside this closure, not across the suspension.
            guard let channel else { return continuation.resume(returning: nil) }
            channel.wait(continuation)
        }
    }
}
