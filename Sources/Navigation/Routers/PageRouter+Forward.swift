/// Forward history: the pages the user's Back took (and those a leave guard kept), as they
/// were, so that Forward brings them back. Off unless `forwardLimit` is above 0.
///
/// A page in forward history has not ended: its model, its leave guard and its flow live on,
/// and its `onDismissed` waits until the page is dropped (a new page pushed, a change from
/// code that removes pages, the limit, the window closed), so Forward brings back the same
/// page, with the same id, and its controls work again. A flow that awaits a child's result
/// hears it when the child's pages end, not when Back hides them.
extension PageRouter {
    /// The pages Forward would bring back, the next one first: what Back's history menu lists
    /// below its separator. Empty where the router keeps none (`forwardLimit` 0).
    public var forwardPages: [Page<Route>] { stack.forward }

    /// Whether there is a page to go forward to.
    public var canGoForward: Bool { !stack.forward.isEmpty }

    /// Brings back the next page in forward history, as it was, on top of the stack (a dialog
    /// router with no page open opens its dialog again). Does nothing when there is none.
    /// While a leave question is open, it waits for the answer.
    public func goForward(animated: Bool) { forward(to: nil, animated: animated) }

    /// Brings back the forward pages up to the page `id`, in one step: `id` is shown, the
    /// pages before it under it. Returns `false` (and changes nothing) if `id` is not in
    /// forward history. While a leave question is open, it waits for the answer.
    @discardableResult
    public func goForward(to id: PageID, animated: Bool) -> Bool {
        guard stack.forward.contains(where: { $0.id == id }) else { return false }
        forward(to: id, animated: animated)
        return true
    }

    /// The user's Forward (Alt+Right, the mouse's forward button): the next page comes back.
    public func hostDidRequestForward() {
        journalPlace?.record(.host("forward", page: nil))
        forward(to: nil, animated: true)
    }

    /// The user chose the page `id` among the pages ahead in Back's history: it comes back
    /// with the forward pages before it.
    public func hostDidRequestForward(to id: PageID) {
        if let journalPlace {
            let route = stack.forward.first(where: { $0.id == id }).map { String(describing: $0.route) }
            journalPlace.record(.host("forward-to", page: route))
        }
        forward(to: id, animated: true)
    }

    /// Brings back the forward pages up to `id` (`nil`: the next one).
    func forward(to id: PageID?, animated: Bool) {
        if pending != nil { return waiting.append(.forward(to: id)) }
        let count = id.map { id in stack.forward.firstIndex(where: { $0.id == id }).map { $0 + 1 } ?? 0 } ?? 1
        guard count > 0, count <= stack.forward.count else { return }
        let first = stack.pages.isEmpty
        stack.bringForward(count)
        publish(animated && !first ? .push : .none)
    }
}
