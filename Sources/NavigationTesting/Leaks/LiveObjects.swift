/// Counts how many of the objects it has seen are still alive, through weak references.
///
/// Leak tests `track` every coordinator and page model they can reach while a
/// flow runs, end the flow, and assert `liveCount == 0`: the count is measured, not assumed.
@MainActor
public final class LiveObjects {
    private struct Entry { weak var object: AnyObject? }
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var distinctObjects = 0

    /// An empty tracker.
    public init() {}

    /// Starts tracking `object` (tracking the same object twice counts it once; a new object
    /// at the address of a freed one counts as new).
    public func track(_ object: AnyObject) {
        let key = ObjectIdentifier(object)
        if entries[key]?.object == nil { distinctObjects += 1 }
        entries[key] = Entry(object: object)
    }

    /// How many tracked objects are still alive.
    public var liveCount: Int { entries.values.filter { $0.object != nil }.count }

    /// How many distinct objects have been tracked.
    public var trackedCount: Int { distinctObjects }

    /// Type names of the tracked objects still alive (for failure messages).
    public var liveTypeNames: [String] {
        entries.values.compactMap { $0.object.map { String(describing: type(of: $0)) } }.sorted()
    }
}
