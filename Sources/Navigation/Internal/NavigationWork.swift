/// The navigation work scheduled on the main actor and not yet begun: tasks the library
/// started, and code awaiting the library (a request's outcome, a child's result, the end of a
/// `waitUntil`) that the library has resumed but that has not run yet. `NavigationTesting`'s
/// `settle()` waits until there is none, on its changes: no turns are counted.
///
/// The count is kept where the work is scheduled and where it begins, in pairs:
/// - `task(_:)` counts a task when it is made and uncounts it at its first line;
/// - `resume(_:returning:)` counts a resumption, and `suspend(_:)`, whose continuation it
///   must be, uncounts it once the awaiting code runs again.
///
/// A question a guard asks, or a result a child has not sent, is not scheduled work: the
/// code awaiting it waits for a person, and counts again once the library resumes it.
@MainActor
package enum NavigationWork {
    /// Tasks and resumptions scheduled and not yet begun.
    package private(set) static var scheduled = 0
    private static var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// Starts `body` in a new main-actor task, counted until its first line runs.
    @discardableResult
    package static func task(_ body: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        scheduled += 1
        return Task { @MainActor in
            began()
            await body()
        }
    }

    /// Suspends on a continuation that `body` keeps, and that is resumed with
    /// `resume(_:returning:)` only (so the resumption is counted until this code runs again).
    @inline(__always)
    package static func suspend<Value>(_ body: (CheckedContinuation<Value, Never>) -> Void) async -> Value {
        let value = await withCheckedContinuation(body)
        began()
        return value
    }

    /// Resumes a continuation of `suspend(_:)`, counting the resumption until the awaiting
    /// code runs.
    @inline(__always)
    package static func resume<Value>(_ continuation: CheckedContinuation<Value, Never>, returning value: sending Value)
    {
        scheduled += 1
        continuation.resume(returning: value)
    }

    /// Returns once no navigation work is scheduled: at once if none is, else after the last
    /// scheduled piece has begun and the code it ran has given the main actor back.
    package static func untilIdle() async {
        while scheduled > 0 {
            await withCheckedContinuation { idleWaiters.append($0) }
        }
    }

    private static func began() {
        scheduled -= 1
        guard scheduled == 0, !idleWaiters.isEmpty else { return }
        let waiters = idleWaiters
        idleWaiters = []
        // Each resumes after the work that began here has run as far as it can go.
        for waiter in waiters { waiter.resume() }
    }
}
