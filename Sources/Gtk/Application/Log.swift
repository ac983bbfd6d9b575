import CGtk

/// Messages through GLib's structured logging (domain "raypets"), so they look and filter
/// like every other GNOME app's.
public enum Log {
    /// A debug message, shown with `G_MESSAGES_DEBUG=raypets`.
    public static func debug(_ message: String) {
        rp_log("raypets", G_LOG_LEVEL_DEBUG, message)
    }

    /// A warning: something is missing or wrong, and the app carries on.
    public static func warning(_ message: String) {
        rp_log("raypets", G_LOG_LEVEL_WARNING, message)
    }
}
