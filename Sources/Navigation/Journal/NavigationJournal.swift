import CStandardError

/// The last few thousand things navigation did, kept so that a bug can be seen and replayed:
/// every intent a page's control ran, every request the user made through a host, every change
/// requested (with its reason), every leave guard asked and its answer, every stack after a
/// change, and every window opened, focused and closed, each with its time, window and router.
///
/// A journal is bounded: it keeps the last `capacity` events and forgets the oldest. Recording
/// is cheap enough to leave on: an event is a fixed-size record written over the oldest, a
/// stack's routes are copied into storage its router reuses, and nothing is formatted until the
/// events are read. It carries no user text: pages are named by their routes, and an intent's
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
    /// The events and their counts, in one value: storing an event is one access to it (each
    /// access to a class's stored property is checked for exclusivity, about 180 instructions).
    private var kept: KeptEvents
    /// How many events were recorded since the journal was made or last cleared, forgotten ones
    /// included.
    public var recordedCount: Int { kept.recordedCount }
    /// How many events were stored, `clear()` or not: the number the next one gets. A router's
    /// routes are kept for its events with the last `capacity` numbers (`RouteLog`).
    var serial: Int { kept.serial }
    private let origin = NavigationJournal.now()
    private var observers: [(key: Int, handler: @MainActor () -> Void)] = []
    private var nextKey = 0

    /// An empty journal that keeps the last `capacity` events (at least one).
    public init(capacity: Int = 4096) {
        self.capacity = max(capacity, 1)
        kept = KeptEvents(capacity: self.capacity)
    }

    /// The events kept, oldest first.
    public var events: [NavigationEvent] {
        kept.inOrder.map { $0.record.event(extra: $0.extra, since: origin) }
    }

    /// Records an event the app reports: an `action` (a new window, a link opened), or any
    /// other kind. The routers, hosts and window groups record theirs themselves.
    public func record(_ kind: NavigationEvent.Kind, window: Int? = nil, router: String? = nil) {
        store(JournalRecord(.event, hasExtra: true), extra: JournalExtra(kind: kind, window: window, router: router))
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
    private var stepDepth = 0

    /// Forgets every event (`recordedCount` too).
    public func clear() {
        kept.clear()
        if !observers.isEmpty { notify() }
    }

    /// Calls `handler` after every event recorded (and after `clear()`). Keep the returned
    /// observation; the inspector's journal view updates this way.
    public func observe(_ handler: @escaping @MainActor () -> Void) -> StackObservation {
        let key = nextKey
        nextKey += 1
        observers.append((key, handler))
        return StackObservation { [weak self] in self?.observers.removeAll { $0.key == key } }
    }

    /// The routers that showed a child flow's pages without recording while the flow that
    /// started it records here, each named once: `ModalRouter<NoteRoute> (DiscardNameQuestion,
    /// started on window 1's "dialog")`. What the user does on their pages (an alert's answer)
    /// is missing from the journal, so a replay cannot make it: give each its place, usually by
    /// listing it in `NavigationWindow/routers`. A debug build also writes each to standard
    /// error when it is first seen.
    public private(set) var unrecordedRouters: [String] = []

    /// Notes `router`, which shows the pages of `child`, a flow started by one whose router
    /// records at `parent`, and has no place of its own (`Coordinator/presentChild`).
    func noteUnrecorded(_ router: AnyObject, child: AnyObject, parent: JournalPlace) {
        let window = parent.window.map { "window \($0)'s " } ?? ""
        let name = "\(type(of: router)) (\(type(of: child)), started on \(window)\"\(parent.router)\")"
        guard !unrecordedRouters.contains(name) else { return }
        unrecordedRouters.append(name)
        #if DEBUG
            let line =
                "Navigation: warning: \(name) records nothing: an answer given there is not in the journal "
                + "and a replay cannot make it. List it in NavigationWindow.routers, or set its journalPlace.\n"
            for byte in line.utf8 { navigation_standard_error_put(byte) }
        #endif
    }

    /// The events kept, as the journal's file (`JournalFile`).
    public func export() -> String { JournalFile.text(of: events) }

    /// Stores `record`, with `extra` if it has one (`JournalRecord/hasExtra`), over the oldest
    /// once the ring is full.
    func store(_ record: JournalRecord, extra: JournalExtra? = nil) {
        kept.store(record, extra: extra)
        if !observers.isEmpty { notify() }
    }

    private func notify() {
        for observer in observers { observer.handler() }
    }

    /// The monotonic clock now (the instant only: an event's time is worked out when it is
    /// read, not on every change).
    static func now() -> SuspendingClock.Instant { .now }
}

/// The journal's events: a ring of `capacity` records, written over the oldest once full, with
/// what the records carry besides at the same indices.
@MainActor
struct KeptEvents {
    let capacity: Int
    /// The records, oldest first until the ring is full; then `next` is the oldest.
    private var ring: ContiguousArray<JournalRecord> = []
    /// What the records at the same indices carry besides (`JournalRecord/hasExtra`), or `nil`.
    private var extras: ContiguousArray<JournalExtra?> = []
    private var next = 0
    /// How many events were recorded since the journal was made or cleared.
    private(set) var recordedCount = 0
    /// How many events were stored, `clear()` or not.
    private(set) var serial = 0

    init(capacity: Int) {
        self.capacity = capacity
        ring.reserveCapacity(capacity)
        extras.reserveCapacity(capacity)
    }

    /// The records with what they carry besides, oldest first.
    var inOrder: [(record: JournalRecord, extra: JournalExtra?)] {
        (Array(next..<ring.count) + Array(0..<next)).map { (ring[$0], extras[$0]) }
    }

    /// Stores `record`, with `extra` if it has one, over the oldest once the ring is full.
    mutating func store(_ record: JournalRecord, extra: JournalExtra?) {
        if ring.count < capacity {
            ring.append(record)
            extras.append(extra)
        } else {
            if record.hasExtra || ring[next].hasExtra { extras[next] = extra }
            ring[next] = record
            next = next + 1 == capacity ? 0 : next + 1
        }
        serial += 1
        recordedCount += 1
    }

    /// Forgets every record (`recordedCount` too; `serial` goes on).
    mutating func clear() {
        ring.removeAll(keepingCapacity: true)
        extras.removeAll(keepingCapacity: true)
        next = 0
        recordedCount = 0
    }
}

/// One event as the journal stores it: a fixed-size record that is written over the oldest
/// once the ring is full. What a few kinds carry besides (an intent's name, an app's action)
/// is in a `JournalExtra`; a router's routes stay in its place's `RouteLog`, where the record
/// finds them by number, so that recording copies no array and looks up no conformance.
@MainActor
struct JournalRecord {
    let time: SuspendingClock.Instant
    /// Where the router's event happened (and, for a `RouteLog`, its routes); `nil` for the
    /// app's and the windows' events. Held by the record: a place whose router went stays
    /// while an event kept names it.
    let place: PlaceInfo?
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
        case guardAsked, guardAnswered, guardKept
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
        self.place = place
        self.code = code
        self.start = start
        self.count = count
        self.reason = reason
        self.leaves = leaves
        self.hasExtra = hasExtra
    }

    /// The event, with what it carries besides (`extra`), its time counted from `origin`.
    func event(extra: JournalExtra?, since origin: SuspendingClock.Instant) -> NavigationEvent {
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
            case .guardKept: .guardKept(page: page)
            }
        return NavigationEvent(
            time: origin.duration(to: time), window: place?.window ?? extra?.window,
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
