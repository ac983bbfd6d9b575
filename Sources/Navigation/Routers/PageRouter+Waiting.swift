/// The user's requests that come while a question is pending (see `PageRouter+Requests.swift`):
/// they wait in `waiting` and are made, in order, once no question is pending.
extension PageRouter {
    /// Makes `change` now, or, while a question is pending, keeps it for after it.
    func submitFromHost(_ change: StackChange<Route>, reason: LeaveReason, animated: Bool) {
        if pending != nil { return waiting.append(.change(change, reason: reason, animated: animated)) }
        submit(change, reason: reason, animated: animated)
    }

    /// Makes the requests that waited for a question, in order, while no question is pending:
    /// on the main actor's next turn, after what the question's answer set off (the code that
    /// awaited the answered request goes on first).
    func makeWaitingRequests() {
        guard !waiting.isEmpty, !drainScheduled else { return }
        drainScheduled = true
        NavigationWork.task { [weak self] in
            guard let self else { return }
            self.drainScheduled = false
            self.makeWaitingRequestsNow()
        }
    }

    private func makeWaitingRequestsNow() {
        while pending == nil, !waiting.isEmpty {
            switch waiting.removeFirst() {
            case .change(let change, let reason, let animated): submit(change, reason: reason, animated: animated)
            case .backFrom(let id): hostDidRequestBack(from: id)
            }
        }
    }
}

/// A request of the user's, made through the host while a question was pending.
enum WaitingRequest<Route: NavigationRoute> {
    /// Back, Cancel, Escape or close: the change and its reason.
    case change(StackChange<Route>, reason: LeaveReason, animated: Bool)
    /// Back from a page beside a sidebar (`hostDidRequestBack(from:)`).
    case backFrom(PageID)
}
