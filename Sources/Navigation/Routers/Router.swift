/// Turns "present this page" and "dismiss" into pages on a host.
///
/// Coordinators talk only to routers; routers talk only to hosts. `onDismissed` passed to
/// `present` runs exactly once when that page leaves the stack, whichever way it left:
/// code (`dismiss`, `remove(from:)`), the user going back, a Cancel, a window closing — or,
/// where a `PageRouter` keeps forward history (`PageRouter/forwardLimit`), when the page
/// the user's Back kept is dropped from it.
///
/// The words, used in one sense each throughout the library:
/// - **present** a page: it appears on top of the router's stack.
/// - **go back**: the top page leaves, as the user's Back does; never the last page.
/// - **remove from** a page: that page and every page above it leave.
/// - **dismiss** (a router): everything leaves that can, back to the router's resting state —
///   a `StackRouter` keeps its root page, a `ModalRouter` closes its dialog.
///   **dismiss all**: every page leaves, a `StackRouter`'s root too.
/// - **pop to** a route, **replace the top**, **set the stack**: the other changes a
///   coordinator can ask for, each in one step that the user sees as one transition.
/// - **remove all** pages that show something: navigation following data that went away;
///   **refresh**: the same pages, re-read (their titles changed).
/// - A *flow* (a `Coordinator`) is presented and dismissed with the same words: presenting it
///   presents its first page; dismissing it removes its pages, from its first page up.
///
/// **Leave guards.** A page (`setLeaveGuard(_:for:)`) or a whole flow
/// (`FlowCoordinator.leaveGuard`) can say whether it may leave. Every change that would
/// remove a guarded page asks its guard exactly once, before anything changes, and tells it
/// why (`LeaveReason`) and what would remain; a refused change changes nothing. Only
/// `removeAll(where:animated:)` (the data went away) and a destroyed window remove pages
/// without asking. See "Leave guards" in the documentation.
///
/// Every operation that takes `animated` honours it: with `false`, the host is asked to show
/// the change with no transition (`NavigationTransition.none`). `animatesTransitions` turns
/// every transition off at once.
@MainActor
public protocol Router<Route>: AnyObject {
    /// The app's route type.
    associatedtype Route: NavigationRoute

    /// The current stack, bottom first. The last page is the top one (on a split host, the
    /// page beside the sidebar; see `isShown(_:)` for what a person can see and use).
    var pages: [Page<Route>] { get }

    /// Whether a person can see and use the page `id` now: its host shows it (a stack its
    /// top page; a split its sidebar page and the page beside it), no modal dialog covers its
    /// window, and no leave question about it is open. The one answer to "does this control
    /// work now?": the intent helpers (`Coordinator/whenShown(_:_:named:file:line:_:)`) run only while it is
    /// `true`, so a double click or a click on a page that is sliding away does nothing.
    func isShown(_ id: PageID) -> Bool

    /// Registers `object` as brought by the page `id` (a page's model is registered when it is
    /// presented; `FlowCoordinator` registers itself with its first page): once the page has
    /// left and its host has settled, `object` must be gone. `NavigationTesting`'s hosts fail
    /// the running test if it is not, naming the page's route and the type; the GTK hosts warn
    /// in debug builds. Does nothing if `id` is not on the stack.
    func register(_ object: AnyObject, broughtBy id: PageID)

    /// Shows a new page for `route` on top.
    @discardableResult
    func present(
        _ route: Route, model: any PageModel, animated: Bool, onDismissed: (@MainActor () -> Void)?
    ) -> PageID

    /// Back to the router's resting state: a stack router keeps only its root page, a modal
    /// router closes its dialog.
    func dismiss(animated: Bool)

    /// Removes the top page, as the user's Back does. Does nothing on the root page.
    func goBack(animated: Bool)

    /// Calls `handler` with the new stack after every change. Keep the returned observation.
    func observe(_ handler: @escaping @MainActor ([Page<Route>]) -> Void) -> StackObservation

    /// When `false`, changes show without animation.
    var animatesTransitions: Bool { get set }

    /// Removes the page `id` and everything above it; `false` if `id` is not on the stack.
    @discardableResult
    func remove(from id: PageID, animated: Bool) -> Bool

    /// Removes every page above the topmost page showing `route`; `false` (and nothing
    /// changes) if no page shows it.
    @discardableResult
    func popTo(_ route: Route, animated: Bool) -> Bool

    /// Replaces the top page with a new page for `route`: the old top's `onDismissed` runs
    /// after the new page is shown.
    @discardableResult
    func replaceTop(
        with route: Route, model: any PageModel, animated: Bool, onDismissed: (@MainActor () -> Void)?
    ) -> PageID

    /// Replaces the whole stack with new pages for `entries` (bottom first) in one change:
    /// no pages in between, and every old page's `onDismissed` runs once, after the new
    /// stack is shown. Returns the new pages' ids. The pages keep the entries' models as
    /// they are: wire their intents first (restoring saved routes is the flows' work, route
    /// by route: the *Many windows* article).
    @discardableResult
    func setStack(_ entries: [PageEntry<Route>], animated: Bool) -> [PageID]

    /// Removes every page: a stack router's root too, a dialog router closes its dialog.
    func dismissAll(animated: Bool)

    /// Removes every page whose route `shows` matches, wherever it is on the stack — how
    /// navigation follows data that is gone (see "Navigation that follows the data"). The
    /// other pages keep their order, ids and `onDismissed`; each removed page's `onDismissed`
    /// runs once, top first, after the new stack is shown. Match every page that depends on
    /// the data: a page above a removed one stays if it does not match. A dialog router whose
    /// pages all go closes its dialog. Returns how many pages were removed.
    @discardableResult
    func removeAll(where shows: (Route) -> Bool, animated: Bool) -> Int

    /// Shows the same stack again because pages' models changed what they show (a title
    /// after a rename): the host re-reads the titles. The stack does not change.
    func refresh()

    /// Guards the page `id`: every change that would remove it, except `removeAll(where:animated:)`
    /// and a destroyed window, first asks `guard` once. `nil` removes the guard; nothing
    /// happens if `id` is not on the stack. Kept until the page leaves: capture weakly.
    func setLeaveGuard(_ guard: LeaveGuard<Route>?, for id: PageID)

    /// Where the router records what it does (`NavigationJournal`): set by a `WindowGroup`
    /// with a journal; `nil` records nothing.
    var journalPlace: JournalPlace? { get set }

    /// Whether a leave guard protects the page `id` (`setLeaveGuard(_:for:)`).
    func hasLeaveGuard(_ id: PageID) -> Bool

    /// Asks the leave guards of the pages `change` would remove, as
    /// `request(_:reason:animated:)` does, but makes no change: whether they agree. The pages
    /// stay; the caller removes them later, or not (another window asks before a record goes).
    func askLeaveGuards(_ change: StackChange<Route>, reason: LeaveReason) async -> Bool

    /// The question a leave guard is asking now, if any. Removal requests made while it is
    /// open join it: no second question, and the latest request is made if the answer is yes.
    var pendingLeave: LeaveRequest<Route>? { get }

    /// Makes `change` for `reason` once the leave guards agree; returns `false` if it was
    /// refused (a guard kept its page), `true` if it was made or had nothing to do.
    /// The methods above that remove pages are this with reason `code`, not awaited.
    @discardableResult
    func request(_ change: StackChange<Route>, reason: LeaveReason, animated: Bool) async -> Bool

    /// The pages Forward would bring back, the next one first (`PageRouter/forwardPages`).
    var forwardPages: [Page<Route>] { get }

    /// Brings back the forward pages up to the page `id`, `id` on top
    /// (`PageRouter/goForward(to:animated:)`); `false` if `id` is not in forward history.
    @discardableResult
    func goForward(to id: PageID, animated: Bool) -> Bool
}

extension Router {
    /// Shows a new page for `route`, animated, with no dismissal callback.
    @discardableResult
    public func present(_ route: Route, model: any PageModel) -> PageID {
        present(route, model: model, animated: true, onDismissed: nil)
    }

    /// The shown page.
    public var topPage: Page<Route>? { pages.last }

    /// The routes of the current stack, bottom first.
    public var routes: [Route] { pages.map { $0.route } }
}

extension Router {
    /// A stack's answer, for routers written before split hosts: `id` is the top page and no
    /// leave question about it is open.
    public func isShown(_ id: PageID) -> Bool {
        pages.last?.id == id && pendingLeave?.leaving.contains(where: { $0.id == id }) != true
    }

    /// None, for routers written before forward history.
    public var forwardPages: [Page<Route>] { [] }

    /// Brings nothing back, for routers written before forward history.
    @discardableResult
    public func goForward(to id: PageID, animated: Bool) -> Bool { false }

    /// No page is guarded, for routers written before `hasLeaveGuard(_:)`.
    public func hasLeaveGuard(_ id: PageID) -> Bool { false }

    /// Agrees at once, for routers written before `askLeaveGuards(_:reason:)` (they have no
    /// way to ask).
    public func askLeaveGuards(_ change: StackChange<Route>, reason: LeaveReason) async -> Bool { true }

    /// Records nothing, for routers written before `NavigationJournal`.
    public var journalPlace: JournalPlace? {
        get { nil }
        set {}
    }

    /// Checks nothing, for routers written before leak checks.
    public func register(_ object: AnyObject, broughtBy id: PageID) {}

}
