/// Where a router records what it does: the journal, the router's window (its number in its
/// `WindowGroup`) and the router's name in it. A `WindowGroup` with a journal sets one on each
/// router of each window it adds.
@MainActor
public final class JournalPlace {
    /// The journal the router records into.
    public let journal: NavigationJournal
    /// The window's number, or `nil` for a router outside a window group.
    public let window: Int?
    /// The router's name in its window.
    public let router: String

    /// A place in `journal`, for the router named `router` in window `window`.
    public init(journal: NavigationJournal, window: Int?, router: String) {
        self.journal = journal
        self.window = window
        self.router = router
        info = PlaceInfo(window: window, router: router, routeType: nil)
        journal.register(info)
    }

    /// What the journal's records keep of this place: not the place itself, which holds the
    /// journal (the journal would hold itself through its records, and never go). Once the
    /// router records a route, a `RouteLog` of its route type, which keeps the routes.
    @exclusivity(unchecked) private var info: PlaceInfo

    /// Records `kind` here.
    public func record(_ kind: NavigationEvent.Kind) {
        store(JournalRecord(.event, place: info, hasExtra: true), in: info, extra: JournalExtra(kind: kind))
    }

    /// The number the journal gives the next event, and the number of the oldest event it will
    /// still have once that one is stored: the routes of older events may be written over.
    private var numbers: (event: Int, oldest: Int) {
        let event = journal.serial
        return (event, event + 1 - journal.capacity)
    }

    /// The log that keeps this place's routes of type `Route` (made on first use; a place
    /// belongs to one router, so to one route type).
    private func log<Route: NavigationRoute>(_: Route.Type) -> RouteLog<Route> {
        if info.routeType != ObjectIdentifier(Route.self) {
            info = RouteLog<Route>(window: window, router: router)
            journal.register(info)
        }
        // Checked just above: `info` is a `RouteLog<Route>` (no dynamic cast at each record).
        return unsafeDowncast(info, to: RouteLog<Route>.self)
    }

    /// Records `code` with `routes`, kept in this place's `RouteLog`.
    // Index loops over arrays, not generic collections: where the router runs unspecialized
    // (called through `any Router`), a collection's iterator has its type's metadata looked up.
    private func record<Route: NavigationRoute>(
        _ code: JournalRecord.Code, _ routes: [Route], reason: LeaveReason = .code, leaves: Bool = false,
        extra: JournalExtra? = nil
    ) {
        let log = log(Route.self)
        let (event, oldest) = numbers
        let start = log.written
        for index in 0..<routes.count { log.write(routes[index], event: event, oldest: oldest) }
        store(
            JournalRecord(
                code, place: log, start: start, count: routes.count, reason: reason, leaves: leaves,
                hasExtra: extra != nil),
            in: log, extra: extra)
    }

    /// Records `code` with the one route `route`, kept in this place's `RouteLog`.
    private func record<Route: NavigationRoute>(
        _ code: JournalRecord.Code, route: Route, reason: LeaveReason = .code, leaves: Bool = false,
        extra: JournalExtra? = nil
    ) {
        let log = log(Route.self)
        let (event, oldest) = numbers
        let start = log.written
        log.write(route, event: event, oldest: oldest)
        store(
            JournalRecord(
                code, place: log, start: start, count: 1, reason: reason, leaves: leaves, hasExtra: extra != nil),
            in: log, extra: extra)
    }

    /// Stores `record` of `place`, with `extra` if it has one.
    private func store(_ record: JournalRecord, in place: PlaceInfo, extra: JournalExtra? = nil) {
        place.lastEvent = journal.serial
        journal.store(record, extra: extra)
    }

    /// Records a leave guard asked about the page showing `route`, and its answer if it gave
    /// one at once (`ask`'s answer is recorded when it comes, `recordAnswer`).
    func recordGuard<Route: NavigationRoute>(_ route: Route, reason: LeaveReason, decision: LeaveDecision) {
        record(.guardAsked, route: route, reason: reason)
        switch decision {
        case .leave: recordAnswer(route, leaves: true)
        case .stay: recordAnswer(route, leaves: false)
        case .ask: break
        }
    }

    /// Records a guard's answer to the question it asked about the page showing `route`.
    func recordAnswer<Route: NavigationRoute>(_ route: Route, leaves: Bool) {
        record(.guardAnswered, route: route, leaves: leaves)
    }

    /// Records a page's intent `name` (`intent`, `ignored` or `step`: `code`) on the page showing
    /// `route`, with the value's journal text.
    func recordIntent<Route: NavigationRoute>(
        _ code: JournalRecord.Code, _ name: String, route: Route?, value: String?
    ) {
        let extra = JournalExtra(name: name, value: value)
        guard let route else { return store(JournalRecord(code, place: info, hasExtra: true), in: info, extra: extra) }
        record(code, route: route, extra: extra)
    }

    /// Records the stack of `pages`: their routes are copied into the log's ring, and
    /// formatted only when the journal is read.
    func recordStack<Route: NavigationRoute>(_ pages: [Page<Route>]) {
        // Not `pages.lazy.map(\.route)`: that closure, isolated to the main actor like this
        // class, checks its executor at each page (callgrind: about 200 instructions a page).
        let log = log(Route.self)
        let (event, oldest) = numbers
        let start = log.written
        log.write(routesOf: pages, event: event, oldest: oldest)
        // `log.written - start`, not `pages.count`: unspecialized, counting the array looks up
        // `Page<Route>`'s metadata again.
        store(JournalRecord(.stack, place: log, start: start, count: log.written - start), in: log)
    }

    /// Records a request for a change (`change`), with the routes it names and its reason.
    func recordRequest<Route: NavigationRoute>(_ change: JournalRecord.Change, routes: [Route], reason: LeaveReason) {
        guard !routes.isEmpty else { return recordRequest(change, reason: reason) }
        record(.request(change), routes, reason: reason)
    }

    /// Records a request for a change (`change`) that names one route, and its reason.
    func recordRequest<Route: NavigationRoute>(_ change: JournalRecord.Change, route: Route, reason: LeaveReason) {
        record(.request(change), route: route, reason: reason)
    }

    /// Records a request for a change (`change`) that names no route, and its reason.
    func recordRequest(_ change: JournalRecord.Change, reason: LeaveReason) {
        store(JournalRecord(.request(change), place: info, reason: reason), in: info)
    }
}
