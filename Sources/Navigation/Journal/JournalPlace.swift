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
        info = PlaceInfo(window: window, router: router)
    }

    /// What the journal's records keep of this place: not the place itself, which holds the
    /// journal (the journal would hold itself through its records, and never go). Once the
    /// router records a route, a `RouteLog` of its route type, which keeps the routes.
    private var info: PlaceInfo

    /// What the records keep of this place (for the package's tests).
    var placeInfo: PlaceInfo { info }

    /// Records `kind` here.
    public func record(_ kind: NavigationEvent.Kind) {
        store(JournalRecord(.event, place: info, hasExtra: true), extra: JournalExtra(kind: kind))
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
        if let log = info as? RouteLog<Route> { return log }
        let log = RouteLog<Route>(window: window, router: router)
        info = log
        return log
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
                hasExtra: extra != nil), extra: extra)
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
            extra: extra)
    }

    /// Stores `record`, with `extra` if it has one.
    private func store(_ record: JournalRecord, extra: JournalExtra? = nil) {
        journal.store(record, extra: extra)
    }

    /// Records a leave guard asked about the page showing `route`, and its answer if it gave
    /// one at once (`ask`'s answer is recorded when it comes, `recordAnswer`).
    func recordGuard<Route: NavigationRoute>(_ route: Route, reason: LeaveReason, decision: LeaveDecision) {
        record(.guardAsked, route: route, reason: reason)
        switch decision {
        case .leave: recordAnswer(route, leaves: true)
        case .keep: record(.guardKept, route: route)
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
        guard let route else { return store(JournalRecord(code, place: info, hasExtra: true), extra: extra) }
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
        store(JournalRecord(.stack, place: log, start: start, count: log.written - start))
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
        store(JournalRecord(.request(change), place: info, reason: reason))
    }
}

/// A place's window and router name, as its records keep them (each record holds its place).
@MainActor
class PlaceInfo {
    let window: Int?
    let router: String

    init(window: Int?, router: String) {
        self.window = window
        self.router = router
    }

    /// The `count` routes kept from number `start` on, as the journal shows them.
    func descriptions(from start: Int, count: Int) -> [String] { [] }
}

/// A place that keeps the routes of its records in one ring, in the order they were written:
/// recording a stack copies its routes into it, over routes whose events the journal has
/// forgotten, and allocates nothing; the ring doubles when every route in it is still needed.
/// Routes are formatted only when the journal is read.
@MainActor
final class RouteLog<Route: NavigationRoute>: PlaceInfo {
    /// All of the ring's state in one value: writing a stack is one access to it (each access
    /// to a class's stored property is checked for exclusivity, about 180 instructions).
    private var ring = RouteRing<Route>()

    /// How many routes were written: the next one's number.
    var written: Int { ring.written }

    /// Writes the routes of `pages`, in order, for the journal's event number `event`
    /// (`RouteRing/write(_:event:oldest:)`).
    func write(routesOf pages: [Page<Route>], event: Int, oldest: Int) {
        ring.write(routesOf: pages, event: event, oldest: oldest)
    }

    /// Writes `route` for the journal's event number `event` (`RouteRing/write(_:event:oldest:)`).
    func write(_ route: Route, event: Int, oldest: Int) {
        ring.write(route, event: event, oldest: oldest)
    }

    override func descriptions(from start: Int, count: Int) -> [String] {
        (start..<start + count).map { ring.description(of: $0) }
    }
}

/// The routes a `RouteLog` keeps: the one written `n`th (from 0) is at `n % capacity`.
struct RouteRing<Route: NavigationRoute> {
    /// The routes; `nil` where none was written yet.
    private var routes = ContiguousArray<Route?>(repeating: nil, count: 256)  // 10 KB for 32-byte routes
    /// The journal's number (`NavigationJournal/serial`) of the event of the route at each
    /// index; `Int.min` where no route was written.
    private var events = ContiguousArray<Int>(repeating: Int.min, count: 256)
    /// How many routes were written: the next one's number.
    private(set) var written = 0
    /// Where the next route goes: `written % routes.count`.
    private var index = 0

    /// Writes the routes of `pages`, in order (`write(_:event:oldest:)`).
    mutating func write(routesOf pages: [Page<Route>], event: Int, oldest: Int) {
        for page in pages { write(page.route, event: event, oldest: oldest) }
    }

    /// Writes `route` for the journal's event number `event`, over the oldest route if its
    /// event is older than `oldest` (the journal has forgotten it); else the ring grows first.
    mutating func write(_ route: Route, event: Int, oldest: Int) {
        if events[index] >= oldest { grow() }
        routes[index] = route
        events[index] = event
        written += 1
        index = index + 1 == routes.count ? 0 : index + 1
    }

    /// Doubles the ring, moving every route to its number's new index.
    private mutating func grow() {
        let old = routes.count
        let capacity = old * 2
        var grown = ContiguousArray<Route?>(repeating: nil, count: capacity)
        var grownEvents = ContiguousArray<Int>(repeating: Int.min, count: capacity)
        for number in max(written - old, 0)..<written {
            grown[number % capacity] = routes[number % old]
            grownEvents[number % capacity] = events[number % old]
        }
        routes = grown
        events = grownEvents
        index = written % capacity
    }

    /// The route written `number`th, as the journal shows it ("?" once written over).
    func description(of number: Int) -> String {
        guard number >= written - routes.count, number < written, let route = routes[number % routes.count] else {
            return "?"
        }
        return String(describing: route)
    }
}
