/// One event as the journal stores it: a fixed-size record that is written over the oldest
/// once the ring is full. What a few kinds carry besides (an intent's name, an app's action)
/// is in a `JournalExtra`; a router's routes stay in its place's `RouteLog`, where the record
/// finds them by number, so that recording copies no array and looks up no conformance.
@MainActor
struct JournalRecord {
    let time: Int64
    /// Where the router's event happened (and, for a `RouteLog`, its routes); `nil` for the
    /// app's and the windows' events. Not retained: the journal keeps it (`register(_:)`).
    let place: Unmanaged<PlaceInfo>?
    let code: Code
    /// The number of the first of the event's routes in `place` (a `RouteLog`), and how many.
    let start: Int
    let count: Int
    let reason: LeaveReason
    let leaves: Bool
    /// Whether the journal keeps a `JournalExtra` for it.
    let hasExtra: Bool

    /// What kind of event: `NavigationEvent.Kind`'s cases as the journal records them.
    enum Code {
        /// An event the app, a window or a host reported as it is (`JournalExtra/kind`).
        case event
        case stack
        case request(Change)
        case intent, ignored, step
        case guardAsked, guardAnswered
    }

    /// A requested change's name, as `NavigationEvent.Kind/request(_:routes:reason:)` has it.
    enum Change: String {
        case goBack, dismiss, dismissAll, popTo, removeFrom, replaceTop, setStack
    }

    init(
        _ code: Code, place: PlaceInfo? = nil, start: Int = 0, count: Int = 0, reason: LeaveReason = .code,
        leaves: Bool = false, hasExtra: Bool = false
    ) {
        time = NavigationJournal.now()
        // Not `place.map { ... }`: a closure isolated to the main actor checks its executor
        // when it runs (about 200 instructions).
        if let place { self.place = Unmanaged.passUnretained(place) } else { self.place = nil }
        self.code = code
        self.start = start
        self.count = count
        self.reason = reason
        self.leaves = leaves
        self.hasExtra = hasExtra
    }

    /// The event, with what it carries besides (`extra`), its time counted from `origin`.
    func event(extra: JournalExtra?, since origin: Int64) -> NavigationEvent {
        let place = place?.takeUnretainedValue()
        let routes = count == 0 ? [] : place?.descriptions(from: start, count: count) ?? []
        let page = routes.first ?? "-"
        let name = extra?.name ?? ""
        let kind: NavigationEvent.Kind =
            switch code {
            case .event: extra?.kind ?? .action("")
            case .stack: .stack(routes)
            case .request(let change): .request(change.rawValue, routes: routes, reason: reason)
            case .intent: .intent(name, page: page, value: extra?.value)
            case .ignored: .ignored(name, page: page, value: extra?.value)
            case .step: .step(name, page: page, value: extra?.value)
            case .guardAsked: .guardAsked(page: page, reason: reason)
            case .guardAnswered: .guardAnswered(page: page, leaves: leaves)
            }
        return NavigationEvent(
            time: .nanoseconds(time - origin), window: place?.window ?? extra?.window,
            router: place?.router ?? extra?.router, kind: kind)
    }
}

/// What an event carries besides its record: an app's or a host's event as it was reported,
/// with its window and router when no place has them; an intent's name and value.
final class JournalExtra {
    let kind: NavigationEvent.Kind?
    let window: Int?
    let router: String?
    let name: String?
    let value: String?

    init(
        kind: NavigationEvent.Kind? = nil, window: Int? = nil, router: String? = nil, name: String? = nil,
        value: String? = nil
    ) {
        self.kind = kind
        self.window = window
        self.router = router
        self.name = name
        self.value = value
    }
}

/// A place's window and router name, as its records keep them.
@MainActor
class PlaceInfo {
    let window: Int?
    let router: String
    /// The route type whose routes this keeps (`RouteLog`), or `nil`.
    let routeType: ObjectIdentifier?
    /// The journal's number of the last event recorded here (`NavigationJournal/serial`).
    @exclusivity(unchecked) var lastEvent = Int.min

    init(window: Int?, router: String, routeType: ObjectIdentifier?) {
        self.window = window
        self.router = router
        self.routeType = routeType
    }

    /// The `count` routes kept from number `start` on, as the journal shows them.
    func descriptions(from start: Int, count: Int) -> [String] { [] }
}

/// A place that keeps the routes of its records in one ring, in the order they were written:
/// recording a stack copies its routes into it, over routes whose events the journal has
/// forgotten, and allocates nothing; the ring doubles when every route in it is still needed.
///
/// The ring is raw memory, not an array: a router called through `any Router` runs
/// unspecialized, and there an array of `Route`, or of tuples with it, has its type's metadata
/// looked up (or its mangled name decoded) at every use (callgrind: most of the journal's cost
/// in an appointment flow). Raw memory needs only `Route`'s own value witnesses.
@MainActor
final class RouteLog<Route: NavigationRoute>: PlaceInfo {
    /// The routes: the one written `n`th (from 0) is at `n % capacity`.
    // Nonisolated (all of the ring's state): the deinit frees the memory (nothing else can
    // reach the log then), and the writes run on the main actor, in nonisolated functions
    // only so that the closure reading a stack's pages is not checked for its executor.
    @exclusivity(unchecked) private nonisolated(unsafe) var routes: UnsafeMutablePointer<Route>
    /// The journal's number (`NavigationJournal/serial`) of the event of the route at each
    /// index; `Int.min` where no route was written.
    @exclusivity(unchecked) private nonisolated(unsafe) var events: UnsafeMutablePointer<Int>
    @exclusivity(unchecked) private nonisolated(unsafe) var capacity: Int
    /// How many routes were written: the next one's number.
    @exclusivity(unchecked) private(set) nonisolated(unsafe) var written = 0
    /// Where the next route goes: `written % capacity`.
    @exclusivity(unchecked) private nonisolated(unsafe) var index = 0

    init(window: Int?, router: String) {
        capacity = 256  // 10 KB for a route of 32 bytes; grown (moved once) only past that
        routes = .allocate(capacity: capacity)
        events = .allocate(capacity: capacity)
        events.initialize(repeating: Int.min, count: capacity)
        super.init(window: window, router: router, routeType: ObjectIdentifier(Route.self))
    }

    deinit {
        for index in 0..<capacity where events[index] != Int.min { (routes + index).deinitialize(count: 1) }
        routes.deallocate()
        events.deallocate()
    }

    /// Writes the routes of `pages`, in order, for the journal's event number `event`
    /// (`write(_:event:oldest:)`). Reads each route in the array's buffer: a page is not copied
    /// (and destroyed) for it, which where the router runs unspecialized cost hundreds of
    /// instructions a page.
    nonisolated func write(routesOf pages: [Page<Route>], event: Int, oldest: Int) {
        pages.withUnsafeBufferPointer { pages in
            for index in 0..<pages.count { write(pages[index].route, event: event, oldest: oldest) }
        }
    }

    /// Writes `route` for the journal's event number `event`, over the oldest route if its
    /// event is older than `oldest` (the journal has forgotten it); else the ring grows first.
    nonisolated func write(_ route: Route, event: Int, oldest: Int) {
        let previous = events[index]
        if previous >= oldest {
            grow()
            (routes + index).initialize(to: route)
        } else if previous == Int.min {
            (routes + index).initialize(to: route)
        } else {
            routes[index] = route
        }
        events[index] = event
        written += 1
        index = index + 1 == capacity ? 0 : index + 1
    }

    /// Doubles the ring, moving every route to its number's new index: a few runs, each moved
    /// at once (one at a time, through `Route`'s value witnesses, it cost hundreds of
    /// instructions a route where the router runs unspecialized).
    private nonisolated func grow() {
        let old = capacity
        capacity *= 2
        let grown = UnsafeMutablePointer<Route>.allocate(capacity: capacity)
        let grownEvents = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
        grownEvents.initialize(repeating: Int.min, count: capacity)
        var number = max(written - old, 0)
        while number < written {
            let from = number % old
            let to = number % capacity
            let run = min(written - number, old - from, capacity - to)
            (grown + to).moveInitialize(from: routes + from, count: run)
            (grownEvents + to).update(from: events + from, count: run)
            number += run
        }
        routes.deallocate()
        events.deallocate()
        routes = grown
        events = grownEvents
        index = written % capacity
    }

    override func descriptions(from start: Int, count: Int) -> [String] {
        (start..<start + count).map { number in
            number >= written - capacity ? String(describing: routes[number % capacity]) : "?"
        }
    }
}
