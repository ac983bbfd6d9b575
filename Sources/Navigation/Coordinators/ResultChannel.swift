/// Values from a child flow to one waiting parent, ending with `nil` when the flow ends.
///
/// The child owns its channel and sends into it; the parent waits through the
/// ``ChildResults`` that ``Coordinator/coordinate(to:animated:onDismissed:)`` returns, which
/// refers to the channel weakly. So a parent waiting for a value never keeps the child alive.
///
/// What happens to a value, in every case (each rule has a test named after it in
/// `Tests/NavigationTests/ResultChannelTests.swift`):
/// - A value sent while the parent waits reaches it at once.
/// - A value sent before the parent asks is kept until it asks, even if the flow ends or the
///   child goes away first: the parent gets the value, then `nil`.
/// - One value is kept at a time: a value sent while another is kept is dropped.
/// - A value sent while the parent handles the previous one (it has not asked again) is
///   dropped, so a double click cannot start the parent's next step twice.
/// - When the flow ends, a waiting parent gets `nil`, and so does every later ask once any
///   kept value is taken.
/// - When the child goes away with its flow still open, a waiting parent gets `nil`.
/// - A value sent after the flow ended is ignored.
@MainActor
public final class ResultChannel<Output: Sendable> {
    private var waiter: CheckedContinuation<Output?, Never>?
    private var parentIsHandlingValue = false
    /// The kept value and whether the flow ended: shared with the parent's `ChildResults`, so a
    /// value kept for it outlives the child. It holds no reference to the child or the parent.
    let mailbox = ResultMailbox<Output>()

    /// An open channel.
    public init() {}

    isolated deinit {
        // Nobody is left to send: the waiting parent gets nil.
        if let waiter { NavigationWork.resume(waiter, returning: nil) }
    }

    /// Sends `value` to the waiting parent, or keeps it until the parent asks. Dropped while
    /// another value is kept or the parent handles the previous one; ignored once the channel
    /// has ended.
    public func send(_ value: Output) {
        guard !mailbox.hasEnded, !parentIsHandlingValue, mailbox.kept == nil else { return }
        if let waiter {
            self.waiter = nil
            parentIsHandlingValue = true
            NavigationWork.resume(waiter, returning: value)
        } else {
            mailbox.kept = value
        }
    }

    /// Ends the channel (the flow ended): a waiting parent gets `nil`; a kept value is still
    /// handed to the parent when it asks, then `nil`.
    public func end() {
        mailbox.hasEnded = true
        if let waiter {
            self.waiter = nil
            NavigationWork.resume(waiter, returning: nil)
        }
    }

    /// Whether the flow has ended.
    public var hasEnded: Bool { mailbox.hasEnded }

    /// Where the parent waits: values sent from now on, through a weak reference.
    public var values: ChildResults<Output> { ChildResults(channel: self) }

    /// Resumes `continuation` with the next value: at once if one is kept or the channel has
    /// ended, otherwise when one is sent, the channel ends, or the channel goes away.
    func wait(_ continuation: CheckedContinuation<Output?, Never>) {
        if let value = mailbox.take() {
            parentIsHandlingValue = true
            return NavigationWork.resume(continuation, returning: value)
        }
        parentIsHandlingValue = false
        if mailbox.hasEnded { return NavigationWork.resume(continuation, returning: nil) }
        precondition(waiter == nil, "ResultChannel supports one waiter at a time")
        waiter = continuation
    }
}

/// A channel's kept value and whether its flow ended, shared by the channel and the parent's
/// `ChildResults`.
@MainActor
final class ResultMailbox<Output: Sendable> {
    var kept: Output?
    var hasEnded = false

    /// The kept value, if any, now no longer kept.
    func take() -> Output? {
        defer { kept = nil }
        return kept
    }
}
