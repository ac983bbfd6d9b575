import NavigationTesting
import Testing

@testable import Navigation

/// A route with a payload that is counted: the log must copy, move and free it exactly.
enum CountedRoute: NavigationRoute, CustomStringConvertible {
    case page(String)
    var description: String {
        switch self {
        case .page(let name): name
        }
    }
}

/// The ring a journal's place keeps its routes in (`RouteLog`): written over once the journal
/// forgot their events, grown (its routes moved) when every one is still needed.
@MainActor
@Suite("A place's ring of routes")
struct RouteLogTests {
    @Test(
        "routes stay readable by number through writes over forgotten ones and growth after the ring wrapped, for any number kept"
    )
    func ringWrapsAndGrows() {
        for kept in [1, 7, 100, 255, 256, 257, 300, 700] {
            let log = RouteLog<CountedRoute>(window: 1, router: "r")
            // Event n writes route n; the journal keeps the last `kept` events (a growing
            // number of them at the end, to make the ring grow after it wrapped).
            for event in 0..<2_000 {
                let keptNow = event < 1_000 ? kept : kept + (event - 1_000) / 2
                log.write(.page("route \(event)"), event: event, oldest: event + 1 - keptNow)
                let first = max(0, event + 1 - keptNow)
                guard event % 97 == 0 || event == 1_999 else { continue }
                let shown = log.descriptions(from: first, count: event + 1 - first)
                let expected = (first...event).map { "route \($0)" }
                guard shown == expected else {
                    Issue.record(
                        "kept \(kept), event \(event): \(zip(shown, expected).first { $0 != $1 }.map { "\($0)" } ?? "counts differ")"
                    )
                    return
                }
            }
        }
    }

    @Test("a route written over, or the log's routes when it goes, are freed (ASan and valgrind see the rest)")
    func freesRoutes() {
        weak var freed: RouteLog<CountedRoute>?
        do {
            let log = RouteLog<CountedRoute>(window: nil, router: "r")
            freed = log
            for event in 0..<1_000 {
                log.write(.page(String(repeating: "x", count: 40 + event % 7)), event: event, oldest: event - 300)
            }
            #expect(log.descriptions(from: 999, count: 1) == [String(repeating: "x", count: 40 + 999 % 7)])
        }
        #expect(freed == nil)
    }

    @Test(
        "the journal keeps a place while a router holds it or a kept event names it, and forgets it after: windows opened and closed do not pile up"
    )
    func placesOfClosedWindowsGo() {
        let journal = NavigationJournal(capacity: 20)
        let kept = JournalPlace(journal: journal, window: 0, router: "kept")
        kept.record(.action("first"))
        var logs: [Int: WeakPlace] = [:]
        for window in 1...50 {
            let router = StackRouter(host: InMemoryHost<TestRoute>())
            router.journalPlace = JournalPlace(journal: journal, window: window, router: "r")
            router.present(.root, model: TitledModel("root"), animated: false, onDismissed: nil)
            router.present(.a, model: TitledModel("a"), animated: false, onDismissed: nil)
            logs[window] = WeakPlace(router.journalPlace!.placeInfo)
        }
        // 20 events kept (2 a window): the last 10 windows' logs stay with their events, the
        // older ones went with theirs.
        #expect((1...40).allSatisfy { logs[$0]?.place == nil }, "an older window's place is still kept")
        #expect((41...50).allSatisfy { logs[$0]?.place != nil }, "a kept event's place went")
        #expect(journal.events.map(\.window) == (41...50).flatMap { [$0, $0] })
        #expect(journal.events.last?.kind == .stack(["root", "a"]))
        kept.record(.action("still here"))
        #expect(journal.events.last?.router == "kept")
    }
}

/// A place, not kept alive by the test.
@MainActor
private final class WeakPlace {
    weak var place: PlaceInfo?
    init(_ place: PlaceInfo) { self.place = place }
}
