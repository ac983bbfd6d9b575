/// What follows a question (see `PageRouter+Requests.swift`): its answer, a question made moot
/// by a removal nobody could veto, the user's requests that waited for it, and the question
/// asked for another's sake (`askLeaveGuards`).
extension PageRouter {
    /// Asks the leave guards of the pages `change` would remove, as `request(_:reason:animated:)`
    /// does (a question is asked the usual way), but makes no change: whether they agree. The
    /// pages stay; the caller removes them later, or not (another window asked before a record
    /// goes). While another request waits for an answer, this one waits for it too instead of
    /// asking again or replacing it: if that change was made, the guards of what is still
    /// there are asked; if it was refused, so is this. A request made while this one asks
    /// replaces it (`false`), as between any two requests.
    public func askLeaveGuards(_ change: StackChange<Route>, reason: LeaveReason) async -> Bool {
        while let pending {
            let made = await NavigationWork.suspend { continuation in
                pending.completions.append { NavigationWork.resume(continuation, returning: $0) }
            }
            guard made else { return false }
        }
        return await NavigationWork.suspend { continuation in
            submit(change, reason: reason, animated: false, performs: false) {
                NavigationWork.resume(continuation, returning: $0)
            }
        }
    }

    func answered(_ answer: Bool, serial: Int, for request: PendingLeave<Route>) {
        guard pending === request, request.serial == serial, let question = request.asking else { return }
        pending = nil
        request.asking = nil
        request.task = nil
        defer { makeWaitingRequests() }
        journalPlace?.recordAnswer(question.page.route, leaves: answer)
        guard answer else { return conclude(request, made: false) }
        request.approved.insert(question.page.id)
        request.discards = true
        evaluate(request)  // the latest change, against the stack as it is now
    }

    func conclude(_ request: PendingLeave<Route>, made: Bool) {
        if !made { request.change.discardNewPages() }
        let completions = request.completions
        request.completions = []
        for completion in completions { completion(made) }
    }

    /// After a removal nobody could veto: a question about a page that has left is moot.
    func reconsiderPending() {
        if !guards.isEmpty {
            let ids = Set((stack.pages + stack.forward).map { $0.id })
            guards = guards.filter { ids.contains($0.key) }
        }
        guard let request = pending, let question = request.asking,
            !stack.pages.contains(where: { $0.id == question.page.id })
        else { return }
        defer { makeWaitingRequests() }
        pending = nil
        request.asking = nil
        request.task?.cancel()
        request.task = nil
        switch request.change.change {
        case .goBack:
            conclude(request, made: true)  // it meant the page that has gone: done already
        case .replaceTop:
            conclude(request, made: false)  // its page went; the new one is not put in its place
        default:
            evaluate(request)  // a destination (a link, dismiss): still wanted, asked anew
        }
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
            case .backFrom(let id): back(from: id)
            case .backTo(let id): back(to: id)
            case .forward(let id): forward(to: id, animated: true)
            }
        }
    }
}
