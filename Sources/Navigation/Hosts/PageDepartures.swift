/// What the pages that left a host brought with them — each page's model, whatever was
/// registered with it (`Router/register(_:broughtBy:)`, a flow's coordinator) and, on a GTK
/// host, its view and the view's widget — held weakly, so that a host can check, once it has
/// settled, that all of it is gone.
///
/// The hosts that check leaks share it: `NavigationTesting`'s `InMemoryHost` (every test)
/// and the GTK hosts (debug builds). A host calls `shown(_:forward:)` with every stack it
/// shows and the pages kept for Forward; a page that was in either and is in neither now has
/// left. When the host stops
/// showing anything without being told (its window was destroyed, its router or the host
/// itself went away), it calls `closed()`: every page it still showed has left.
@MainActor
public final class PageDepartures<Route: NavigationRoute> {
    private struct Held {
        weak var object: AnyObject?
        /// For what Swift cannot hold weakly (a GObject): asked instead of `object`.
        var probe: (any LeakProbe)?

        /// What to call the object while it is alive; `nil` once it is gone.
        @MainActor var aliveName: String? {
            if let probe { return probe.aliveName }
            return object.map { "\(type(of: $0))" }
        }
    }

    private struct Entry {
        let id: PageID
        let route: Route
        var held: [Held]
        /// Checked for the last time: the host has closed or gone (probes are not given longer).
        var isFinal = false
    }

    /// The pages of the last stack shown and of forward history, with what they brought.
    private var current: [Entry] = []
    /// Pages that left and have not been checked since.
    private var departed: [Entry] = []
    /// What probes watch for pages that left and was still alive when they were checked: GTK
    /// can hold a widget of a page that left for a while (its window's focus, while a dialog
    /// is over it). Checked again, and reported if still alive, once the host closes or goes.
    private var lingering: [Entry] = []
    /// When `departed` grows past this, the pages whose objects are all gone are forgotten (they
    /// can never be reported): memory stays bounded by what is really still alive.
    private var pruneAt = 64

    /// Nothing shown yet, nothing departed.
    public init() {}

    /// Whether pages left since the last check.
    public var hasDepartures: Bool { !departed.isEmpty }

    /// Records the stack the host shows now and the pages kept for Forward (`forward`): pages
    /// in neither have left.
    public func shown(_ pages: [Page<Route>], forward: [Page<Route>] = []) {
        let count = pages.count + forward.count
        if current.count == count
            && zip(current, pages).allSatisfy({ $0.id == $1.id })
            && zip(current[pages.count...], forward).allSatisfy({ $0.id == $1.id })
        {
            return
        }
        var kept: [Entry] = []
        kept.reserveCapacity(count)
        for page in forward.isEmpty ? pages : pages + forward {
            if let entry = current.first(where: { $0.id == page.id }) {
                kept.append(entry)
            } else {
                kept.append(Entry(id: page.id, route: page.route, held: [Held(object: page.model)]))
            }
        }
        for entry in current where !kept.contains(where: { $0.id == entry.id }) {
            departed.append(entry)
        }
        current = kept
        prune()
    }

    /// The host shows nothing any more (its window was destroyed, its router or the host itself
    /// went away): every page it showed has left.
    /// `unchecked` pages are not checked (a question about them was abandoned: its task may
    /// still hold them).
    public func closed(unchecked: Set<PageID> = []) {
        departed.append(contentsOf: current.filter { !unchecked.contains($0.id) })
        departed.append(contentsOf: lingering)
        for index in departed.indices { departed[index].isFinal = true }
        current = []
        lingering = []
        prune()
    }

    private func prune() {
        guard departed.count + lingering.count > pruneAt else { return }
        departed.removeAll { entry in entry.held.allSatisfy { $0.aliveName == nil } }
        lingering.removeAll { entry in entry.held.allSatisfy { $0.aliveName == nil } }
        pruneAt = max(64, (departed.count + lingering.count) * 2)
    }

    /// Adds `object` to what the page `id` brought (ignored if the page is not shown).
    public func register(_ object: AnyObject, broughtBy id: PageID) {
        guard let index = current.firstIndex(where: { $0.id == id }) else { return }
        guard !current[index].held.contains(where: { $0.object === object }) else { return }
        current[index].held.append(Held(object: object))
    }

    /// Adds what `probe` watches to what the page `id` brought (ignored if the page is not shown).
    public func register(_ probe: any LeakProbe, broughtBy id: PageID) {
        guard let index = current.firstIndex(where: { $0.id == id }) else { return }
        current[index].held.append(Held(object: nil, probe: probe))
    }

    /// What the pages that left brought and is still alive, one per object (`page-3
    /// petDetail("rex") left, but its PetDetailsModel is still alive`); forgets those
    /// pages, except what a probe watches and is still alive: that is reported once the host
    /// has closed or gone, if it is alive then. Call it once the host has settled: its views
    /// freed, its transitions done.
    public func survivors() -> [String] {
        var found: [String] = []
        for entry in departed {
            for held in entry.held {
                guard let name = held.aliveName else { continue }
                if held.probe != nil && !entry.isFinal {
                    lingering.append(Entry(id: entry.id, route: entry.route, held: [held]))
                    continue
                }
                found.append("\(entry.id) \(entry.route) left, but its \(name) is still alive")
            }
        }
        departed = []
        return found
    }
}
