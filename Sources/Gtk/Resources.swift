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

/// The app's GResource bundle: CSS, icons, the shortcuts window.
@MainActor
public enum Resources {
    /// Loads the bundle at the first of `paths` that exists and registers it, so
    /// `resource:///...` lookups (and GtkApplication's automatic icons path) find its files.
    /// Returns the path used, or `nil` (with a warning naming every path tried).
    @discardableResult
    public static func register(firstOf paths: [String]) -> String? {
        for path in paths where g_file_test(path, G_FILE_TEST_EXISTS) != 0 {
            var error: UnsafeMutablePointer<GError>?
            guard let resource = g_resource_load(path, &error) else {
                Log.warning("cannot load resources from \(path): \(error.map { String(cString: $0.pointee.message) } ?? "?")")
                g_clear_error(&error)
                continue
            }
            g_resources_register(resource)
            g_resource_unref(resource)
            return path
        }
        Log.warning("no resource bundle found (tried \(paths.joined(separator: ", "))); running without styles and icons")
        return nil
    }

    /// Whether a file exists in the registered resources.
    public static func exists(_ path: String) -> Bool {
        g_resources_get_info(path, G_RESOURCE_LOOKUP_FLAGS_NONE, nil, nil, nil) != 0
    }
}

/// GTK's process-wide settings.
@MainActor
public enum Settings {
    /// Follows the desktop's dark-style preference (the XDG settings portal's
    /// `org.freedesktop.appearance color-scheme`), now and whenever it changes. Without a
    /// session bus or a portal, the theme's default stays. Returns whether a bus was found.
    @discardableResult
    public static func followDesktopColorScheme() -> Bool { rp_follow_color_scheme() != 0 }

    /// `gtk-application-prefer-dark-theme`: the dark variant of the theme.
    public static var prefersDarkTheme: Bool {
        get { gtk_settings_get_default().map { rp_object_get_boolean(UnsafeMutableRawPointer($0), "gtk-application-prefer-dark-theme") != 0 } ?? false }
        set {
            guard let settings = gtk_settings_get_default() else { return }
            rp_object_set_boolean(UnsafeMutableRawPointer(settings), "gtk-application-prefer-dark-theme", newValue ? 1 : 0)
        }
    }
}
