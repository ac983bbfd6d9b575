/// One thing navigation did, as a `NavigationJournal` keeps it: when, in which window and
/// router, and what.
///
/// Pages are named by their route as the app's route type prints it (`petDetail(3)`), never
/// by what a page's fields hold: an event carries no text a user typed.
public struct NavigationEvent: Sendable, Hashable, CustomStringConvertible {
    /// When, counted from the moment the journal was made.
    public var time: Duration
    /// The window's number in its `WindowGroup` (1 for the first window opened), or `nil`
    /// for a router outside a group.
    public var window: Int?
    /// The router's name in its window (`NavigationWindow/routerNames`), or `nil` for an
    /// event of the window or the app.
    public var router: String?
    /// What happened.
    public var kind: Kind

    /// An event of `kind`, at `time`, in `window` and `router`.
    public init(time: Duration = .zero, window: Int? = nil, router: String? = nil, kind: Kind) {
        self.time = time
        self.window = window
        self.router = router
        self.kind = kind
    }

    /// What happened. A user's input (`action`, `intent`, `ignored`, `host`, `resized`,
    /// `windowFocused`) comes first; what it caused (`step`, `request`, `guardAsked`,
    /// `guardAnswered`, `guardKept`, `stack`, a window opened or closed) follows it.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// A window was added to its group (it opened).
        case windowOpened
        /// The user moved to the window.
        case windowFocused
        /// The window was removed from its group (it closed).
        case windowClosed
        /// Something the app did for the user outside a page (a new window, a link), as the
        /// app names it (`NavigationJournal/record(_:window:router:)`).
        case action(String)
        /// A page's control ran its intent (`Coordinator/whenShown(_:_:named:file:line:_:)`):
        /// the intent's name, the page's route and the value it carried, if the value's type
        /// allows it in the journal (`JournalValue`).
        case intent(String, page: String, value: String?)
        /// A page's control whose intent did not run because its page was not shown then
        /// (`Router/isShown(_:)`: sliding away, under a dialog, a question about it open): the
        /// user's input, dropped. The same fields as `intent`.
        case ignored(String, page: String, value: String?)
        /// An intent the app's code ran on the user's behalf, not the user's input: a step of a
        /// link's or a saved state's walk (`NavigationJournal/recordingSteps(_:)`). The same
        /// fields as `intent`.
        case step(String, page: String, value: String?)
        /// The user asked the host for a change: `back`, `back-from` or `back-to` a page,
        /// `forward` or `forward-to` a page,
        /// `cancel` or `close` (the host's words for `LeaveReason`), `destroyed` (the host's
        /// window went away), or `tab` (a tab switch; `page` names the tab).
        case host(String, page: String?)
        /// The window's width, in pixels, when it crossed the split layout's minimum width or
        /// was first known (`NavigationHostDelegate/hostDidResize(width:)`).
        case resized(Int)
        /// A change that may remove pages was requested: the `StackChange` case's name
        /// (`goBack`, `dismiss`, `dismissAll`, `popTo`, `removeFrom`, `replaceTop`, `setStack`),
        /// the routes it names, and why.
        case request(String, routes: [String], reason: LeaveReason)
        /// A leave guard was asked whether the page showing this route may leave.
        case guardAsked(page: String, reason: LeaveReason)
        /// A leave guard's answer: the page leaves, or stays.
        case guardAnswered(page: String, leaves: Bool)
        /// A leave guard's answer: the page leaves and is kept for Forward (`LeaveDecision/keep`).
        case guardKept(page: String)
        /// The router's stack after a change, bottom first.
        case stack([String])

        /// Whether this is a user's input (an action, an intent, a request through the host):
        /// what a replay performs. The other kinds are what it caused: what a replay compares.
        public var isInput: Bool {
            switch self {
            case .action, .intent, .ignored, .host, .resized, .windowFocused: true
            default: false
            }
        }

        /// The kind and its fields as the journal's file writes them, separated by spaces:
        /// `request goBack back`, `stack home pets`.
        public var description: String {
            JournalFile.fields(of: NavigationEvent(kind: self)).dropFirst(3).joined(separator: " ")
        }
    }

    /// The event as the journal's file writes it, without its time, separated by spaces:
    /// `1 pets stack home pets`.
    public var description: String {
        JournalFile.fields(of: self).dropFirst().joined(separator: " ")
    }
}
