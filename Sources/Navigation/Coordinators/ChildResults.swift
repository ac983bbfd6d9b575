/// The values a child flow sends, as its parent waits for them: `await next()` returns the
/// next one, or `nil` once the child's flow has ended — or the child is gone.
///
/// It holds the child's channel weakly, and the value kept for the parent (never the child).
/// Keep *it*, not the flows, across an `await`: a task suspended in `next()` then keeps
/// neither the parent nor the child alive, and a flow left open when its owner goes away is
/// freed (its waiting parent gets `nil`).
///
///     let choices = coordinate(to: picker)
///     Task.immediate { [weak self] in
///         while let pet = await choices.next() { self?.askVisitType(for: pet) }
///     }
@MainActor
public struct ChildResults<Output: Sendable> {
    private weak var channel: ResultChannel<Output>?
    private let mailbox: ResultMailbox<Output>

    init(channel: ResultChannel<Output>) {
        self.channel = channel
        mailbox = channel.mailbox
    }

    /// The next value sent, or `nil` once the flow has ended or its channel is gone (after
    /// any value kept for the parent). One waiter at a time.
    public func next() async -> Output? {
        await NavigationWork.suspend { continuation in
            // The strong reference lives only inside this closure, not across the suspension.
            guard let channel else { return NavigationWork.resume(continuation, returning: mailbox.take()) }
            channel.wait(continuation)
        }
    }
}
