/// A coordinator whose flow hands a typed value back to whoever started it — the
/// `Coordinator<Result>` of the Combine articles, with Swift concurrency instead of publishers.
///
/// The child calls `results.send(value)` when the user has chosen; the parent gets it from
/// `await coordinate(to: child)`, or `nil` if the child's flow was dismissed first (Cancel,
/// a closed window). The child's pages may stay on screen after sending — e.g. a picker that
/// is the first page of a longer dialog — and if the user comes back to it and chooses again,
/// the parent gets the new value from `await child.results.next()`.
@MainActor
public protocol ResultCoordinator<Output>: Coordinator {
    /// What the flow produces.
    associatedtype Output: Sendable
    /// Where the flow sends its results.
    var results: ResultChannel<Output> { get }
}

extension Coordinator {
    /// Starts `child` as a child flow and returns the first value it sends, or `nil` if its
    /// flow is dismissed before sending one. `onDismissed` runs when the child's flow ends
    /// (which may be long after this returns: the child's pages can stay on screen).
    public func coordinate<Child: ResultCoordinator>(
        to child: Child, animated: Bool = true, onDismissed: (@MainActor () -> Void)? = nil
    ) async -> Child.Output? {
        let results = child.results
        presentChild(child, animated: animated) {
            results.close()
            onDismissed?()
        }
        return await results.next()
    }
}
