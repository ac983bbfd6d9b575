import CGtk

extension MainLoop {
    /// Runs `handler` once, `milliseconds` from now (a GLib timeout at default-idle priority:
    /// after pending events, tasks and drawing).
    package static func after(milliseconds: UInt32, _ handler: @escaping @MainActor () -> Void) {
        let box = Unmanaged.passRetained(SignalBox(handler as VoidHandler)).toOpaque()
        g_timeout_add_full(
            G_PRIORITY_DEFAULT_IDLE, milliseconds,
            { data in
                let body = Unmanaged<SignalBox<VoidHandler>>.fromOpaque(data!).takeRetainedValue().body
                MainActor.assumeIsolated { body() }
                return 0  // G_SOURCE_REMOVE
            }, box, nil)
    }
}
