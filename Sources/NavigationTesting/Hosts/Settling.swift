import Navigation

/// Waits until the navigation work a test set off has run: the tasks the library started (a
/// request made after a question, a window's close), and the code awaiting the library that it
/// has resumed (a request's outcome, a child flow's result through a `ResultChannel`, a guard's
/// answer given with `ScriptedLeaveGuard/answer(_:)`), with whatever that code does in turn.
///
/// It waits on that work's own schedule, not by counting turns of the main actor: it returns
/// once nothing the library scheduled is left to begin. Code waiting for a person (a guard's
/// open question, a child flow's result not yet sent) is not work in flight: an open question
/// counts as settled. Work a test or an app schedules by other means (its own `Task`, its own
/// continuation) is not seen: await it directly, or send its result through a `ResultChannel`.
/// The count is the whole process's: tests running at the same time on the main actor wait
/// for each other's navigation work too.
///
///     model.onChoose?(4)               // a child flow sends its result
///     await settle()
///     #expect(stackHost.topRoute == .recipe(id: "pancakes"))
@MainActor
public func settle() async {
    await NavigationWork.untilIdle()
}

extension InMemoryHost {
    /// Waits until the navigation work a test set off has run (`settle()`): on every host,
    /// since one change can set off another on another host.
    public func settle() async {
        await NavigationTesting.settle()
    }
}

extension InMemoryTabHost {
    /// Waits until the navigation work a test set off has run (`settle()`): on every host,
    /// since one change can set off another on another host.
    public func settle() async {
        await NavigationTesting.settle()
    }
}
