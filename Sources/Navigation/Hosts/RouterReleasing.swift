/// A host that hears when its router goes away (the router's `deinit` tells it).
@MainActor
public protocol RouterReleasing: AnyObject {
    /// The router that showed its pages here went away: nothing will change them again. A
    /// question about the pages `unanswered` was open: its abandoned task may still hold them.
    func routerDidGoAway(unanswered: Set<PageID>)
}
