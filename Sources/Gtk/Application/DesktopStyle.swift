import CGtk

/// The light or dark style, and following the desktop's preference for it. GTK's own setting
/// is `gtk-interface-color-scheme` on GTK 4.20 and later, `gtk-application-prefer-dark-theme`
/// before (which GTK 4.20+ warns about): both are handled here, so an app names neither.
@MainActor
public enum DesktopStyle {
    /// Follows the desktop's dark-style preference (the XDG settings portal's
    /// `org.freedesktop.appearance color-scheme`), now and whenever it changes. Without a
    /// session bus or a portal, the theme's default stays. Returns whether a bus was found.
    @discardableResult
    public static func followColorScheme() -> Bool { rp_follow_color_scheme() != 0 }

    /// Whether the theme's dark variant is in use. Setting it to `false` gives the theme's
    /// default (light for GTK's own theme).
    public static var prefersDarkTheme: Bool {
        get { gtk_settings_get_default().map { rp_settings_prefers_dark($0) != 0 } ?? false }
        set {
            guard let settings = gtk_settings_get_default() else { return }
            rp_settings_set_color_scheme(settings, newValue ? 1 : 0)
        }
    }

    /// The GTK setting the style is kept in on the GTK this program runs with.
    package static var settingName: String { String(cString: rp_settings_color_scheme_property()) }
}
