/// What the pages that left a host brought with them — each page's model and whatever was
/// registered with it (`Router/register(_:broughtBy:)`, a flow's coordinator) — held weakly,
/// so that a host can check, once it has settled, that all of it is gone.
///
/// The hosts that check leaks share it: `NavigationTesting`'s `InMemoryHost` (every test)
/// and the GTK hosts (debug builds). A host calls `shown(_:)` with every stack it shows; a
/// page that was in the last stack and is not in the new one has left.
@MainActor
package final class PageDepartures<Route: NavigationRoute> {
    private struct Held {
        weak var object: AnyObject?
    }

    private struct Entry {
        let id: PageID
        let route: Route
        var held: [Held]
    }

    /// The pages of the last stack shown, with what they brought.
    private var current: [Entry] = []
    /// Pages that left and have not been checked since.
    private var departed: [Entry] = []
    /// When `departed` grows past this, the pages whose objects are all gone are forgotten (they
    /// can never be reported): memory stays bounded by what is really still alive.
    private var pruneAt = 64

    package init() {}

    /// Whether pages left since the last check.
    package var hasDepartures: Bool { !departed.isEmpty }

    /// Records the stack the host shows now: pages no longer in it have left.
    package func shown(_ pages: [Page<Route>]) {
        if current.count == pages.count && zip(current, pages).allSatisfy({ $0.id == $1.id }) { return }
        var kept: [Entry] = []
        kept.reserveCapacity(pages.count)
        for page in pages {
            if let entry = current.first(where: { $0.id == page.id }) {
                kept.append(entry)
            } else {
                kept.append(Entry(id: page.id, route: page.route, held: [Held(object: page.model)]))
            }
        }
        for entry in current where !pages.contains(where: { $0.id == entry.id }) {
            departed.append(entry)
        }
        current = kept
        if departed.count > pruneAt {
            departed.removeAll { entry in entry.held.allSatisfy { $0.object == nil } }
            pruneAt = max(64, departed.count * 2)
        }
    }

    /// Adds `object` to what the page `id` brought (ignored if the page is not shown).
    package func register(_ object: AnyObject, broughtBy id: PageID) {
        guard let index = current.firstIndex(where: { $0.id == id }) else { return }
        guard !current[index].held.contains(where: { $0.object === object }) else { return }
        current[index].held.append(Held(object: object))
    }

    /// What the pages that left brought and is still alive, one per object (`page-3
    /// petDetail("rex") left, but its PetDetailsViewModel is still alive`); forgets those
    /// pages. Call it once the host has settled: its views freed, its transitions done.
    package func survivors() -> [String] {
        var found: [String] = []
        for entry in departed {
            for held in entry.held {
                guard let object = held.object else { continue }
                found.append("\(entry.id) \(entry.route) left, but its \(type(of: object)) is still alive")
            }
        }
        departed = []
        return found
    }
}
