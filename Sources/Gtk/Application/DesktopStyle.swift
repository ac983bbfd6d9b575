import CGtk

/// The light or dark style: GTK's `gtk-application-prefer-dark-theme`, and following the
/// desktop's preference for it.
@MainActor
public enum DesktopStyle {
    /// Follows the desktop's dark-style preference (the XDG settings portal's
    /// `org.freedesktop.appearance color-scheme`), now and whenever it changes. Without a
    /// session bus or a portal, the theme's default stays. Returns whether a bus was found.
    @discardableResult
    public static func followColorScheme() -> Bool { rp_follow_color_scheme() != 0 }

    /// `gtk-application-prefer-dark-theme`: the dark variant of the theme.
    public static var prefersDarkTheme: Bool {
        get {
            gtk_settings_get_default().map {
                rp_object_get_boolean(UnsafeMutableRawPointer($0), "gtk-application-prefer-dark-theme") != 0
            } ?? false
        }
        set {
            guard let settings = gtk_settings_get_default() else { return }
            rp_object_set_boolean(
                UnsafeMutableRawPointer(settings), "gtk-application-prefer-dark-theme", newValue ? 1 : 0)
        }
    }
}
