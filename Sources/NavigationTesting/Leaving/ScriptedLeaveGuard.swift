import Navigation

/// A leave guard a test controls: it records every `LeaveRequest` it is asked and decides
/// as its `decision` says — at once (`leave`, `keep`, `stay`) or later (`ask`: the question stays open
/// until the test gives the `answer(_:)`), as a "Discard changes?" dialog would.
///
///     let probe = ScriptedLeaveGuard<MyRoute>(decision: .ask)
///     router.setLeaveGuard(probe.guard, for: editorPage)
///     host.tapBack()
///     #expect(probe.requests.map(\.reason) == [.back])
///     await probe.answer(false)  // keep editing: nothing changed
@MainActor
public final class ScriptedLeaveGuard<Route: NavigationRoute> {
    /// What the guard decides for the next requests (its `LeaveDecision`).
    public enum Decision: Sendable {
        /// `LeaveDecision.leave`.
        case leave
        /// `LeaveDecision.keep`: the page leaves and is kept for Forward.
        case keep
        /// `LeaveDecision.stay`.
        case stay
        /// `LeaveDecision.ask`: the question stays open until `answer(_:)`.
        case ask
    }

    /// What the guard decides from now on.
    public var decision: Decision
    /// Every request, in order.
    public private(set) var requests: [LeaveRequest<Route>] = []
    /// How many open questions the router cancelled (their page left for another reason).
    public private(set) var cancelledQuestions = 0
    private var open: CheckedContinuation<Bool, Never>?

    /// A guard deciding `decision`.
    public init(decision: Decision = .ask) { self.decision = decision }

    /// The guard to give the router (it holds this object weakly: keep the object).
    public var `guard`: LeaveGuard<Route> {
        { [weak self] request in self?.decide(request) ?? .leave }
    }

    /// Whether a question is open, waiting for `answer(_:)`.
    public var isAsking: Bool { open != nil }

    /// Answers the open question (`true`: leave) and returns once the router has acted on
    /// the answer, and what that set off has run (`settle()`).
    public func answer(_ leave: Bool) async {
        guard let open else { return }
        self.open = nil
        NavigationWork.resume(open, returning: leave)
        await settle()
    }

    private func decide(_ request: LeaveRequest<Route>) -> LeaveDecision {
        requests.append(request)
        switch decision {
        case .leave: return .leave
        case .keep: return .keep
        case .stay: return .stay
        case .ask:
            return .ask { [weak self] in
                guard let self else { return true }
                return await withTaskCancellationHandler {
                    await NavigationWork.suspend { continuation in self.open = continuation }
                } onCancel: {
                    Task { @MainActor [weak self] in self?.cancel() }
                }
            }
        }
    }

    private func cancel() {
        cancelledQuestions += 1
        if let open { NavigationWork.resume(open, returning: false) }
        open = nil
    }
}
