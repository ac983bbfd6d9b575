import CGtk

extension MainLoop {
    /// Runs `handler` once, `milliseconds` from now (a GLib timeout at default-idle priority:
    /// after pending events, tasks and drawing).
    public static func after(milliseconds: UInt32, _ handler: @escaping @MainActor () -> Void) {
        let source = SourceHandler.once(handler)
        g_timeout_add_full(G_PRIORITY_DEFAULT_IDLE, milliseconds, source.callback, source.data, nil)
    }
}
