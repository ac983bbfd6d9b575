#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The last few thousand things navigation did, kept so that a bug can be seen and replayed:
/// every intent a page's control ran, every request the user made through a host, every change
/// requested (with its reason), every leave guard asked and its answer, every stack after a
/// change, and every window opened, focused and closed, each with its time, window and router.
///
/// A journal is bounded: it keeps the last `capacity` events and forgets the oldest. Recording
/// is cheap enough to leave on (a stack change stores its routes and formats them only when the
/// events are read), and carries no user text: pages are named by their routes, and an intent's
/// value only if its type allows it (`JournalValue`).
///
/// Give the journal to a `WindowGroup` (`WindowGroup/init(journal:)`): each window's routers
/// then record into it under the window's number and the router's name. A router outside a
/// group records when its `journalPlace` is set. `export()` writes the events as a small text
/// file (`JournalFile`), and `NavigationTesting`'s `JournalReplay` replays one.
@MainActor
public final class NavigationJournal {
    /// How many events it keeps.
    public let capacity: Int
    // Unchecked (here and in JournalPlace): every change reads and writes these, a checked access
    // calls the runtime's exclusivity check, and all of it runs on the main actor, never `inout`.
    /// The events, oldest first until the ring is full; then `next` is the oldest.
    @exclusivity(unchecked) private var ring: [StoredEvent] = []
    @exclusivity(unchecked) private var next = 0
    /// How many events were recorded since the journal was made, forgotten ones included.
    @exclusivity(unchecked) public private(set) var recordedCount = 0
    private let origin = NavigationJournal.now()
    @exclusivity(unchecked) private var observers: [(key: Int, handler: @MainActor () -> Void)] = []
    private var nextKey = 0

    /// An empty journal that keeps the last `capacity` events (at least one).
    public init(capacity: Int = 4096) {
        self.capacity = max(capacity, 1)
        ring.reserveCapacity(self.capacity)
    }

    /// The events kept, oldest first.
    public var events: [NavigationEvent] {
        (ring[next...] + ring[..<next]).map { $0.event(since: origin) }
    }

    /// Records an event the app reports: an `action` (a new window, a link opened), or any
    /// other kind. The routers, hosts and window groups record theirs themselves.
    public func record(_ kind: NavigationEvent.Kind, window: Int? = nil, router: String? = nil) {
        store(StoredEvent(time: Self.now(), place: nil, window: window, router: router, kind: .event(kind)))
    }

    /// Runs `body`, in which the intents that run are recorded as `step`s: the app's code runs
    /// them on the user's behalf (a link's walk, page by page), so a replay does not perform
    /// them again. Nested calls are fine.
    public func recordingSteps<T>(_ body: () throws -> T) rethrows -> T {
        stepDepth += 1
        defer { stepDepth -= 1 }
        return try body()
    }

    /// Whether intents are recorded as `step`s now (`recordingSteps(_:)`).
    public var isRecordingSteps: Bool { stepDepth > 0 }
    @exclusivity(unchecked) private var stepDepth = 0

    /// Forgets every event (`recordedCount` too).
    public func clear() {
        ring.removeAll(keepingCapacity: true)
        next = 0
        recordedCount = 0
        notify()
    }

    /// Calls `handler` after every event recorded (and after `clear()`). Keep the returned
    /// observation; the inspector's journal view updates this way.
    public func observe(_ handler: @escaping @MainActor () -> Void) -> StackObservation {
        let key = nextKey
        nextKey += 1
        observers.append((key, handler))
        return StackObservation { [weak self] in self?.observers.removeAll { $0.key == key } }
    }

    /// The events kept, as the journal's file (`JournalFile`).
    public func export() -> String { JournalFile.text(of: events) }

    func store(_ event: StoredEvent) {
        if ring.count < capacity {
            ring.append(event)
        } else {
            ring[next] = event
            next = next + 1 == capacity ? 0 : next + 1
        }
        recordedCount += 1
        notify()
    }

    private func notify() {
        guard !observers.isEmpty else { return }
        for observer in observers { observer.handler() }
    }

    /// Seconds on the monotonic clock, in nanoseconds.
    static func now() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }
}

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

    /// What the journal's events keep of this place: not the place itself, which holds the
    /// journal (the journal would hold itself through its events, and never go).
    private let info: PlaceInfo

    /// Records `kind` here.
    public func record(_ kind: NavigationEvent.Kind) {
        journal.store(
            StoredEvent(time: NavigationJournal.now(), place: info, window: nil, router: nil, kind: .event(kind)))
    }

    /// Learns how to format `Route` (once: a place belongs to one router).
    private func formats<Route: NavigationRoute>(_: Route.Type) { info.formats(Route.self) }

    /// Records a leave guard asked about the page showing `route`, and its answer if it gave
    /// one at once (`ask`'s answer is recorded when it comes, `recordAnswer`).
    func recordGuard<Route: NavigationRoute>(_ route: Route, reason: LeaveReason, decision: LeaveDecision) {
        formats(Route.self)
        store(.guardAsked(route: [route], reason: reason))
        switch decision {
        case .leave: store(.guardAnswered(route: [route], leaves: true))
        case .stay: store(.guardAnswered(route: [route], leaves: false))
        case .ask: break
        }
    }

    /// Records a guard's answer to the question it asked about the page showing `route`.
    func recordAnswer<Route: NavigationRoute>(_ route: Route, leaves: Bool) {
        formats(Route.self)
        store(.guardAnswered(route: [route], leaves: leaves))
    }

    /// Records a page's intent `name` (`intent`, `ignored` or `step`: `kind`) on the page showing
    /// `route`, with the value's journal text.
    func recordIntent<Route: NavigationRoute>(
        _ kind: StoredEvent.IntentKind, _ name: String, route: Route?, value: String?
    ) {
        formats(Route.self)
        store(.intent(kind, name, route: route.map { [$0] } ?? [Route](), value: value))
    }

    private func store(_ kind: StoredEvent.Kind) {
        journal.store(StoredEvent(time: NavigationJournal.now(), place: info, window: nil, router: nil, kind: kind))
    }

    /// Records a stack's routes; they are formatted only when the journal is read.
    func recordStack<Route: NavigationRoute>(_ routes: [Route]) {
        formats(Route.self)
        store(.stack(routes))
    }

    /// Records a request for `change`, its routes formatted only when the journal is read.
    func recordRequest<Route: NavigationRoute>(_ name: String, routes: [Route], reason: LeaveReason) {
        formats(Route.self)
        store(.request(name, routes: routes, reason: reason))
    }
}

/// A place's window, router name and route formatter, as its events keep them.
@MainActor
final class PlaceInfo {
    let window: Int?
    let router: String
    /// Formats the routes of the place's router (`[Route]`, kept as `Any` until read).
    @exclusivity(unchecked) private var describe: (Any) -> [String] = { _ in [] }
    @exclusivity(unchecked) private var describes = false

    init(window: Int?, router: String) {
        self.window = window
        self.router = router
    }

    /// Learns how to format `Route` (once: a place belongs to one router).
    func formats<Route: NavigationRoute>(_: Route.Type) {
        guard !describes else { return }
        describes = true
        describe = { ($0 as? [Route])?.map { String(describing: $0) } ?? [] }
    }

    /// The routes `routes` (a `[Route]` the place's router recorded) as the journal shows them.
    func descriptions(of routes: Any) -> [String] { describe(routes) }
}

/// An event as the journal stores it: a router's routes kept as they are (`[Route]`, as `Any`:
/// no conformance to look up at each change) until read, and formatted by its place.
@MainActor
struct StoredEvent {
    let time: Int64
    /// The router's place, for a router's events; `nil` for the app's and the windows'.
    let place: PlaceInfo?
    let window: Int?
    let router: String?
    let kind: Kind

    enum Kind {
        case event(NavigationEvent.Kind)
        case stack(Any)
        case request(String, routes: Any, reason: LeaveReason)
        case intent(IntentKind, String, route: Any, value: String?)
        case guardAsked(route: Any, reason: LeaveReason)
        case guardAnswered(route: Any, leaves: Bool)
    }

    /// Which of the three page kinds an intent is recorded as.
    enum IntentKind { case intent, ignored, step }

    /// A page's route, as the journal shows it (`-` for none).
    private func page(_ route: Any) -> String { place?.descriptions(of: route).first ?? "-" }

    func event(since origin: Int64) -> NavigationEvent {
        let kind: NavigationEvent.Kind =
            switch self.kind {
            case .event(let kind): kind
            case .stack(let routes): .stack(place?.descriptions(of: routes) ?? [])
            case .request(let name, let routes, let reason):
                .request(name, routes: place?.descriptions(of: routes) ?? [], reason: reason)
            case .intent(let kind, let name, let route, let value):
                switch kind {
                case .intent: .intent(name, page: page(route), value: value)
                case .ignored: .ignored(name, page: page(route), value: value)
                case .step: .step(name, page: page(route), value: value)
                }
            case .guardAsked(let route, let reason): .guardAsked(page: page(route), reason: reason)
            case .guardAnswered(let route, let leaves): .guardAnswered(page: page(route), leaves: leaves)
            }
        return NavigationEvent(
            time: .nanoseconds(time - origin), window: place?.window ?? window, router: place?.router ?? router,
            kind: kind)
    }
}
