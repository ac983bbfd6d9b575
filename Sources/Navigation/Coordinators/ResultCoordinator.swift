/// A coordinator whose flow hands a typed value back to whoever started it — the
/// `Coordinator<Result>` of the Combine articles, with Swift concurrency instead of publishers.
///
/// The child calls `results.send(value)` when the user has chosen; the parent starts it with
/// `coordinate(to: child)` and gets each value from `await next()` on what that returns, or
/// `nil` once the child's flow is dismissed (Cancel, a closed window). The child's pages may
/// stay on screen after sending — e.g. a picker that is the first page of a longer dialog —
/// and if the user comes back to it and chooses again, the parent's next `next()` gets the
/// new value.
@MainActor
public protocol ResultCoordinator<Output>: Coordinator {
    /// What the flow produces.
    associatedtype Output: Sendable
    /// Where the flow sends its results.
    var results: ResultChannel<Output> { get }
}

extension Coordinator {
    /// Starts `child` as a child flow and returns where its values arrive: `await next()` on
    /// the result gives the first value, or `nil` if the child's flow is dismissed before
    /// sending one. `onDismissed` runs when the child's flow ends (which may be long after the
    /// first value: the child's pages can stay on screen).
    ///
    /// The child's first page is presented before this returns. Wait on the returned
    /// ``ChildResults``, not on a method of this flow: a task suspended in a call on `self`
    /// keeps `self` — and the child it owns — alive until the child answers.
    ///
    ///     guard let results = self?.coordinate(to: ServingsFlow(router: dialogs)) else { return }
    ///     guard let servings = await results.next() else { return }  // nil: Cancel
    public func coordinate<Child: ResultCoordinator>(
        to child: Child, animated: Bool = true, onDismissed: (@MainActor () -> Void)? = nil
    ) -> ChildResults<Child.Output> {
        let results = child.results
        presentChild(child, animated: animated) { [weak results] in
            results?.end()
            onDismissed?()
        }
        return results.values
    }
}
