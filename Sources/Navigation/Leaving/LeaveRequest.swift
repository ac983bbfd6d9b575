/// What a leave guard is asked: a change to a router's stack would remove the guarded page.
@MainActor
public struct LeaveRequest<Route: NavigationRoute> {
    /// Why the pages would leave.
    public let reason: LeaveReason
    /// The guarded page being asked about.
    public let page: Page<Route>
    /// Every page the change would remove, top first (the guarded page is one of them).
    public let leaving: [Page<Route>]
    /// The routes the stack would show after the change, bottom first: the pages that remain,
    /// then any the change adds (a link's new pages). Empty: a dialog would close, or a stack
    /// would be emptied.
    public let destination: [Route]
}
