import CGtk

/// Reads text lines from a file descriptor (a pipe, stdin) on the GLib main loop, so a
/// program can take commands without blocking its window. For test-only modes of the apps in
/// this package.
@MainActor
package enum LineReader {
    private typealias Handler = @MainActor (String?) -> Void

    /// Calls `handler` with each line read from `fd` (without its newline), then once with
    /// `nil` at the end of input or on a read error, and stops watching.
    package static func watch(fd: Int32, _ handler: @escaping @MainActor (String?) -> Void) {
        guard let channel = g_io_channel_unix_new(fd) else { return handler(nil) }
        let box = Unmanaged.passRetained(SignalBox<Handler>(handler)).toOpaque()
        let condition = GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue)
        g_io_add_watch_full(
            channel, G_PRIORITY_DEFAULT, condition,
            { channel, _, data in
                let handler = Unmanaged<SignalBox<Handler>>.fromOpaque(data!).takeUnretainedValue().body
                var line: UnsafeMutablePointer<gchar>?
                var length: gsize = 0
                let status = g_io_channel_read_line(channel, &line, &length, nil, nil)
                defer { g_free(line) }
                return MainActor.assumeIsolated {
                    switch status {
                    case G_IO_STATUS_NORMAL:
                        var text = line.map { String(cString: $0) } ?? ""
                        while text.last?.isNewline == true { text.removeLast() }
                        handler(text)
                        return 1  // G_SOURCE_CONTINUE
                    case G_IO_STATUS_AGAIN:
                        return 1
                    default:
                        handler(nil)
                        return 0  // G_SOURCE_REMOVE
                    }
                }
            }, box, { data in Unmanaged<SignalBox<Handler>>.fromOpaque(data!).release() })
        g_io_channel_unref(channel)  // the watch holds it
    }
}
