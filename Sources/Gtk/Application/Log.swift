import CGtk

/// Messages through GLib's structured logging, under a log domain, so they look and filter
/// like every other GNOME app's (`G_MESSAGES_DEBUG=<domain>` shows the debug ones).
public struct Log: Sendable {
    /// The log domain, e.g. the app's name.
    public let domain: String

    /// Messages under `domain`.
    public init(domain: String) { self.domain = domain }

    /// A debug message, shown with `G_MESSAGES_DEBUG=<domain>` (or `all`). Without it the
    /// message is not even made: GLib would drop it.
    public func debug(_ message: @autoclosure () -> String) {
        guard g_log_writer_default_would_drop(RP_LOG_LEVEL_DEBUG, domain) == 0 else { return }
        rp_log(domain, RP_LOG_LEVEL_DEBUG, message())
    }

    /// A warning: something is missing or wrong, and the program carries on.
    public func warning(_ message: String) {
        rp_log(domain, RP_LOG_LEVEL_WARNING, message)
    }
}

extension Log {
    /// This library's own messages (a missing resource bundle, say).
    static let library = Log(domain: "GtkSwift")
}
