import CGtk

/// A Swift handler as a GLib source's callback and data: the one place a handler is boxed for
/// `g_idle_add_full`, `g_timeout_add_full` and `g_unix_signal_add_full`.
enum SourceHandler {
    /// Runs `handler` once, on the main loop; the box is released as it runs (the source
    /// returns `G_SOURCE_REMOVE`). Pass `destroy: nil`.
    static func once(_ handler: @escaping VoidHandler) -> (callback: GSourceFunc, data: gpointer) {
        let box = Unmanaged.passRetained(SignalBox(handler)).toOpaque()
        return (
            { data in
                let body = Unmanaged<SignalBox<VoidHandler>>.fromOpaque(data!).takeRetainedValue().body
                MainActor.assumeIsolated { body() }
                return 0  // G_SOURCE_REMOVE
            }, box
        )
    }

    /// Runs `handler` each time the source fires; the source releases the box when it goes
    /// (`destroy`).
    static func repeating(_ handler: @escaping VoidHandler) -> (
        callback: GSourceFunc, data: gpointer, destroy: GDestroyNotify
    ) {
        let box = Unmanaged.passRetained(SignalBox(handler)).toOpaque()
        return (
            { data in
                let body = Unmanaged<SignalBox<VoidHandler>>.fromOpaque(data!).takeUnretainedValue().body
                MainActor.assumeIsolated { body() }
                return 1  // G_SOURCE_CONTINUE
            }, box, { data in Unmanaged<SignalBox<VoidHandler>>.fromOpaque(data!).release() }
        )
    }
}
