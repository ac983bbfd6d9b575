import Navigation

/// Waits until the flow work a test started has settled: the tasks its actions started (a
/// child flow's result reaching its parent, a leave guard's answer being acted on) have run,
/// and `hosts` show what they will show.
///
/// In-memory hosts have no animations; what is left to wait for is main-actor work queued by
/// `await` continuations, which lands a few turns later (more on a loaded machine). So this
/// yields to the main actor until every host's stack has stayed the same for `quietTurns`
/// turns in a row (at most 2,000 turns). A question a guard is asking does not change the
/// stack: it counts as settled, waiting for its answer.
///
///     model.onChoose?(4)               // a child flow sends its result
///     await settle([stackHost, dialogHost])
///     #expect(stackHost.topRoute == .recipe(id: "pancakes"))
@MainActor
public func settle<Route: NavigationRoute>(_ hosts: [InMemoryHost<Route>], quietTurns: Int = 20) async {
    func state() -> [[PageID]] { hosts.map { $0.pages.map(\.id) } }
    var last = state()
    var unchanged = 0
    var turns = 0
    while unchanged < quietTurns && turns < 2_000 {
        await Task.yield()
        let now = state()
        unchanged = now == last ? unchanged + 1 : 0
        last = now
        turns += 1
    }
}

extension InMemoryHost {
    /// Waits until the flow work a test started has settled on this host
    /// (`settle(_:quietTurns:)`).
    public func settle(quietTurns: Int = 20) async {
        await NavigationTesting.settle([self], quietTurns: quietTurns)
    }
}

extension InMemoryTabHost {
    /// Waits until the flow work a test started has settled on every tab
    /// (`settle(_:quietTurns:)`).
    public func settle(quietTurns: Int = 20) async {
        await NavigationTesting.settle(Array(hosts.values), quietTurns: quietTurns)
    }
}
