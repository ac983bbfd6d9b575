/// A leave guard's answer to a `LeaveRequest`.
///
/// `leave` and `stay` answer at once, so a page that has nothing to lose (an editor with no
/// changes) costs nothing: the change happens in the same call, exactly as with no guard.
/// `ask` answers later, e.g. from a "Discard changes?" dialog; until it does, the stack, the
/// shown page and every `onDismissed` stay as they are.
@MainActor
public enum LeaveDecision {
    /// The page may leave.
    case leave
    /// The page may leave and is kept as it is: it goes to forward history
    /// (`PageRouter/forwardPages`), with the other pages the change removes, and Forward brings
    /// it back. Where the router keeps no forward history (`PageRouter/forwardLimit` 0), and for
    /// a change that adds pages (`replaceTop`, `setStack`: a link), which ends forward history,
    /// as `leave`: the pages end, and their `onDismissed` is where to keep what they held (a
    /// draft). A guard that must not lose work on a link asks there (`LeaveRequest/reason`).
    case keep
    /// The page stays: the change is not made.
    case stay
    /// Ask the user: the change is made if `question` returns `true`. If the question
    /// becomes moot before it is answered (the page was removed because its data went away,
    /// or its window closed), the task running it is cancelled and its answer is ignored.
    case ask(_ question: @MainActor () async -> Bool)
}

/// Decides whether a page may leave. Set one on a page with `Router.setLeaveGuard(_:for:)`,
/// or on a whole flow with `FlowCoordinator.leaveGuard`.
public typealias LeaveGuard<Route: NavigationRoute> = @MainActor (LeaveRequest<Route>) -> LeaveDecision
