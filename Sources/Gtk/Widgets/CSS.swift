import CGtk

/// Application-wide CSS (`GtkCssProvider` on the default display).
@MainActor
public final class CSSProvider: Object {
    /// A provider holding `css`.
    public init(css: String) {
        super.init(UnsafeMutableRawPointer(gtk_css_provider_new()), transfer: .full)
        rp_css_provider_load_string(rp_css_provider(gobject), css)
    }

    /// A provider holding the stylesheet at resource `path` (e.g. `/io/github/raypets/RayPets/style.css`).
    public init(resource path: String) {
        super.init(UnsafeMutableRawPointer(gtk_css_provider_new()), transfer: .full)
        gtk_css_provider_load_from_resource(rp_css_provider(gobject), path)
    }

    /// Where a stylesheet sits among the others.
    public enum Priority: Sendable {
        /// Above the theme: the app's own stylesheet.
        case application
        /// Just above the theme, below the app's stylesheet: a library's defaults, which the
        /// app's stylesheet can change.
        case belowApplication
    }

    /// Applies the stylesheet to every window on the default display, at `priority` (the
    /// app's, above the theme, by default). Returns `false` when there is no display.
    @discardableResult
    public func install(priority: Priority = .application) -> Bool {
        guard let display = gdk_display_get_default() else { return false }
        let level =
            switch priority {
            case .application: GTK_STYLE_PROVIDER_PRIORITY_APPLICATION
            // GTK 4 loads the theme at the settings' priority, not at THEME's (which only
            // fallbacks use): just above it is SETTINGS + 1.
            case .belowApplication: GTK_STYLE_PROVIDER_PRIORITY_SETTINGS + 1
            }
        gtk_style_context_add_provider_for_display(display, rp_style_provider(gobject), UInt32(level))
        return true
    }

    /// The defaults installed so far, by their text: each is installed once.
    private static var defaults: [String: CSSProvider] = [:]

    /// Installs `css` once per process just above the theme, below the app's own stylesheet
    /// (`Priority.belowApplication`), so an app can restyle it: a widget's default shape, for
    /// this package's widgets (a toast, a swipe's hint). Later calls with the same text do
    /// nothing; without a display, nothing is kept and a later call tries again.
    public static func installDefault(_ css: String) {
        guard defaults[css] == nil else { return }
        let provider = CSSProvider(css: css)
        guard provider.install(priority: .belowApplication) else { return }
        defaults[css] = provider
    }

    /// Takes the stylesheet off the default display again (a test that styled the app).
    package func uninstall() {
        guard let display = gdk_display_get_default() else { return }
        gtk_style_context_remove_provider_for_display(display, rp_style_provider(gobject))
    }
}
