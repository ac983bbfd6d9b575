import CGtk

/// Counts GObjects that are still alive, using GObject weak references.
///
/// `watch(_:)` adds a weak reference; when GObject finalizes the object it calls back and
/// the count drops. Used by leak tests to prove popped pages and closed dialogs are freed.
@MainActor
package final class FinalizationCounter {
    /// Shared between the counter and its weak-ref callbacks (which may outlive the counter).
    private final class Tally {
        var watched = 0
        var finalized = 0
    }
    private let tally = Tally()

    /// A counter watching nothing yet.
    package init() {}

    /// Watches `object` until it is finalized.
    package func watch(_ object: Object) {
        tally.watched += 1
        let data = Unmanaged.passRetained(tally).toOpaque()
        g_object_weak_ref(
            rp_object(object.gobject),
            { data, _ in
                let tally = Unmanaged<AnyObject>.fromOpaque(data!).takeRetainedValue()
                MainActor.assumeIsolated { (tally as! FinalizationCounter.Tally).finalized += 1 }
            }, data)
    }

    /// How many watched objects have been finalized.
    package var finalized: Int { tally.finalized }

    /// How many watched objects are still alive.
    package var alive: Int { tally.watched - tally.finalized }
}
