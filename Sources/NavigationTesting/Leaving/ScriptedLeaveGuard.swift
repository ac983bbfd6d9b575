import Navigation

/// A leave guard a test controls: it records every `LeaveRequest` it is asked and answers
/// as told — at once (`leave`, `stay`) or later (`ask`, answered with `reply(_:)`), as a
/// "Discard changes?" dialog would.
///
///     let probe = ScriptedLeaveGuard<MyRoute>(answer: .ask)
///     router.setLeaveGuard(probe.guard, for: editorPage)
///     host.tapBack()
///     #expect(probe.requests.map(\.reason) == [.back])
///     await probe.reply(false)  // keep editing: nothing changed
@MainActor
public final class ScriptedLeaveGuard<Route: NavigationRoute> {
    /// How the guard answers the next requests.
    public enum Answer: Sendable {
        /// `LeaveDecision.leave`.
        case leave
        /// `LeaveDecision.stay`.
        case stay
        /// `LeaveDecision.ask`: the question stays open until `reply(_:)`.
        case ask
    }

    /// How the guard answers from now on.
    public var answer: Answer
    /// Every request, in order.
    public private(set) var requests: [LeaveRequest<Route>] = []
    /// How many open questions the router cancelled (their page left for another reason).
    public private(set) var cancelledQuestions = 0
    private var open: CheckedContinuation<Bool, Never>?

    /// A guard answering `answer`.
    public init(answer: Answer = .ask) { self.answer = answer }

    /// The guard to give the router (it holds this object weakly: keep the object).
    public var `guard`: LeaveGuard<Route> {
        { [weak self] request in self?.decide(request) ?? .leave }
    }

    /// Whether a question is open, waiting for `reply(_:)`.
    public var isAsking: Bool { open != nil }

    /// Answers the open question (`true`: leave) and lets the router act on the answer
    /// before returning.
    public func reply(_ leave: Bool) async {
        guard let open else { return }
        self.open = nil
        open.resume(returning: leave)
        for _ in 0..<8 { await Task.yield() }
    }

    private func decide(_ request: LeaveRequest<Route>) -> LeaveDecision {
        requests.append(request)
        switch answer {
        case .leave: return .leave
        case .stay: return .stay
        case .ask:
            return .ask { [weak self] in
                guard let self else { return true }
                return await withTaskCancellationHandler {
                    await withCheckedContinuation { continuation in self.open = continuation }
                } onCancel: {
                    Task { @MainActor [weak self] in self?.cancel() }
                }
            }
        }
    }

    private func cancel() {
        cancelledQuestions += 1
        open?.resume(returning: false)
        open = nil
    }
}
