import CGtk

/// Runs Swift concurrency's main-actor work inside GLib's main loop.
///
/// `Task { @MainActor in ... }` and `await` continuations on the main actor are queued on
/// libdispatch's main queue. Nobody drains that queue while `g_application_run` owns the
/// main thread, so without a bridge they wait forever. libdispatch exposes the main queue
/// to foreign run loops as an eventfd (`_dispatch_get_main_queue_handle_4CF`) that becomes
/// readable when work arrives. The bridge watches that fd with a GLib source and, when it
/// fires, empties the eventfd and drains the queue (`_dispatch_main_queue_callback_4CF`).
/// Reading the eventfd matters: leave it readable and the loop spins at 100% CPU.
///
/// The source runs above GDK's input events (`G_PRIORITY_DEFAULT - 10`): work that a click or
/// a key press put on the main queue runs before the loop handles the next event, as if the
/// handler had done it itself. (A continuation that resumes through a worker thread first
/// reaches the main queue a little later, and may come after the next event.) Drawing and
/// layout stay below it, as they are below events.
@MainActor
public enum MainQueueBridge {
    private static var sourceID: UInt32 = 0

    /// How many times the bridge has drained the main queue (for tests: it must stay
    /// still while the app is idle).
    package private(set) static var drainCount = 0

    /// The bridge's GLib priority: above GDK's events (`G_PRIORITY_DEFAULT`).
    package static let priority = G_PRIORITY_DEFAULT - 10

    /// Whether the bridge is installed.
    package static var isInstalled: Bool { sourceID != 0 }

    /// Installs the bridge on the default GLib main context. Safe to call more than once.
    public static func install() {
        guard sourceID == 0 else { return }
        let fd = _dispatch_get_main_queue_handle_4CF()
        let callback: GUnixFDSourceFunc = { fd, _, _ in
            rp_eventfd_drain(fd)
            MainActor.assumeIsolated { MainQueueBridge.drainCount += 1 }
            _dispatch_main_queue_callback_4CF(nil)
            return 1  // G_SOURCE_CONTINUE
        }
        sourceID = g_unix_fd_add_full(priority, fd, G_IO_IN, callback, nil, nil)
        // Work queued before the fd was watched would otherwise wait for the next wake-up.
        _dispatch_main_queue_callback_4CF(nil)
    }
}
