import CGtk
import Glibc

/// Every warning and critical logged in this process, kept for tests (the package's GTK tests
/// fail the test during which GTK warned). Each message still goes to GLib's default writer.
package enum LogWatch {
    /// Starts keeping messages. GLib takes a log writer once per process: call it once, first.
    package static func start() { rp_log_watch_start() }

    /// The warnings and criticals logged since the last call ("Gtk-WARNING: …"), oldest first.
    package static func take() -> [String] {
        guard let joined = rp_log_watch_take() else { return [] }
        defer { g_free(joined) }
        return String(cString: joined).split(separator: "\n").map(String.init)
    }
}
