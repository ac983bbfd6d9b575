/// A value some navigation work will give, awaited by any number of callers; each is resumed
/// as counted work (`NavigationWork`) when it comes.
@MainActor
package final class SharedOutcome<Value> {
    private var value: Value?
    private var waiters: [CheckedContinuation<Value, Never>] = []

    package init() {}

    /// Gives `value` to every caller waiting, and to every later one.
    package func set(_ value: Value) {
        self.value = value
        let waiters = self.waiters
        self.waiters = []
        for waiter in waiters { NavigationWork.resume(waiter, returning: value) }
    }

    /// The value, once it is given.
    package func wait() async -> Value {
        if let value { return value }
        return await NavigationWork.suspend { waiters.append($0) }
    }
}
