/// One requested change that leave guards are deciding on, and the question being asked.
///
/// A router has at most one. A change requested while it waits replaces the change it
/// waits for (the latest request wins) without asking again: two exits while one answer is
/// pending make one question.
@MainActor
final class PendingLeave<Route: NavigationRoute> {
    /// The change, with the pages it would add already made (so their ids can be returned).
    var change: PlannedChange<Route>
    /// Told once whether the change was made.
    var completions: [@MainActor (Bool) -> Void]
    /// Pages whose guards agreed to this request.
    var approved: Set<PageID> = []
    /// The guarded page whose question is open, and the request it was asked.
    var asking: LeaveRequest<Route>?
    /// Tells a question's late answer from the current one's.
    var serial = 0
    /// The open question's task, cancelled if the question becomes moot.
    var task: Task<Void, Never>?

    init(_ change: PlannedChange<Route>, completion: (@MainActor (Bool) -> Void)?) {
        self.change = change
        completions = completion.map { [$0] } ?? []
    }
}
