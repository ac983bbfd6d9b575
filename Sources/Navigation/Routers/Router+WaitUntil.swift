extension Router {
    /// Waits until the router's stack meets `condition`, for at most `timeout`.
    ///
    /// Returns `true` at once if the stack meets it now; otherwise suspends until a change to
    /// the stack (what `observe(_:)` reports) makes it true, and returns `true`, or until
    /// `timeout` has passed with no such change, and returns `false`. A cancelled task stops
    /// waiting and gets `false`. Nothing is polled: the condition is checked only on changes.
    ///
    /// For code that sets off a change another task makes, such as a page a coordinator
    /// pushes once an awaited result arrives, and must go on once it is there:
    ///
    /// ```swift
    /// picker.choose(pet)
    /// guard await router.waitUntil(timeout: .seconds(10), { $0.last?.route == .visitType }) else {
    ///     return report("Visit type did not open within 10 seconds")
    /// }
    /// ```
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public func waitUntil(
        timeout: Duration, _ condition: @escaping @MainActor ([Page<Route>]) -> Bool
    ) async -> Bool {
        if condition(pages) { return true }
        let wait = StackWait()
        return await withTaskCancellationHandler {
            await NavigationWork.suspend { continuation in
                wait.begin(continuation)
                guard !Task.isCancelled else { return wait.end(false) }
                wait.observation = observe { pages in if condition(pages) { wait.end(true) } }
                wait.deadline = Task { @MainActor in
                    try? await Task.sleep(for: timeout)
                    wait.end(false)
                }
            }
        } onCancel: {
            Task { @MainActor in wait.end(false) }
        }
    }
}

/// One `waitUntil(timeout:_:)`: ends once, with the first of the change, the deadline or a
/// cancellation, and then stops observing and cancels the deadline.
@MainActor
private final class StackWait {
    private var continuation: CheckedContinuation<Bool, Never>?
    var observation: StackObservation?
    var deadline: Task<Void, Never>?

    func begin(_ continuation: CheckedContinuation<Bool, Never>) { self.continuation = continuation }

    func end(_ result: Bool) {
        guard let continuation else { return }
        self.continuation = nil
        observation?.cancel()
        observation = nil
        deadline?.cancel()
        deadline = nil
        NavigationWork.resume(continuation, returning: result)
    }
}
