/// What a host tells its router about the user.
///
/// Hosts never change the stack themselves: they report what the user asked for and the
/// router decides. That keeps one source of truth and one code path for every way of
/// leaving a page.
@MainActor
public protocol NavigationHostDelegate: AnyObject {
    /// The user asked to go back one page (Back button, Alt+Left, mouse back button).
    func hostDidRequestBack()
    /// The user asked to go back from the page `id`: it leaves with every page above it (a
    /// split view's sidebar Back, which leaves the list and the item shown beside it).
    func hostDidRequestBack(from id: PageID)
    /// The user chose the page `id` in Back's history (the menu a right click, a long press,
    /// Shift+F10 or the Menu key opens on a Back button): every page above `id` leaves in one
    /// step, each asked once (reason `back`), and `id` is shown.
    func hostDidRequestBack(to id: PageID)
    /// The user asked to dismiss the router (back to its resting state: a dialog closes):
    /// `cancel` for a dialog's Cancel button or Escape, `close` for its window's close button
    /// or Ctrl+W.
    func hostDidRequestDismiss(_ reason: LeaveReason)
    /// The user asked to go forward one page (Alt+Right, the mouse's forward button): the
    /// next page the router keeps for Forward comes back as it was.
    func hostDidRequestForward()
    /// The user chose the page `id` among the pages ahead in Back's history: it comes back
    /// with every forward page before it, in one step.
    func hostDidRequestForward(to id: PageID)
    /// The host was destroyed without asking (e.g. its window went with its parent). Every
    /// page it showed has left; leave guards are not asked.
    func hostWasDestroyed()
    /// The window's width, when it crosses the host's split layout's minimum width (the
    /// sidebar now sits beside its content, or no longer does), or is first known: the router
    /// records it in its journal, and a replay resizes to it. Hosts without a split never
    /// call it.
    func hostDidResize(width: Int)
}

extension NavigationHostDelegate {
    /// For delegates written before split hosts: one page back, as `hostDidRequestBack()`.
    /// The library's routers remove `id` and every page above it in one step.
    public func hostDidRequestBack(from id: PageID) {
        hostDidRequestBack()
    }

    /// For delegates written before Back's history: one page back, as `hostDidRequestBack()`.
    /// The library's routers go back to `id` in one step.
    public func hostDidRequestBack(to id: PageID) {
        hostDidRequestBack()
    }

    /// For delegates written before Forward: nothing to bring back.
    public func hostDidRequestForward() {}

    /// For delegates written before Forward: nothing to bring back.
    public func hostDidRequestForward(to id: PageID) {}

    /// For delegates written before the journal: nothing to record.
    public func hostDidResize(width: Int) {}
}
