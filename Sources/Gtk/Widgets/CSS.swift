import CGtk

/// Application-wide CSS (`GtkCssProvider` on the default display).
@MainActor
public final class CSSProvider: Object {
    /// A provider holding `css`.
    public init(css: String) {
        super.init(UnsafeMutableRawPointer(gtk_css_provider_new()), transfer: .full)
        gtk_css_provider_load_from_data(rp_css_provider(gobject), css, -1)
    }

    /// A provider holding the stylesheet at resource `path` (e.g. `/io/github/raypets/RayPets/style.css`).
    public init(resource path: String) {
        super.init(UnsafeMutableRawPointer(gtk_css_provider_new()), transfer: .full)
        gtk_css_provider_load_from_resource(rp_css_provider(gobject), path)
    }

    /// Applies the stylesheet to every window on the default display, above the theme.
    /// Returns `false` when there is no display.
    @discardableResult
    public func install() -> Bool {
        guard let display = gdk_display_get_default() else { return false }
        gtk_style_context_add_provider_for_display(
            display, rp_style_provider(gobject), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        return true
    }

    /// Takes the stylesheet off the default display again (a test that styled the app).
    package func uninstall() {
        guard let display = gdk_display_get_default() else { return }
        gtk_style_context_remove_provider_for_display(display, rp_style_provider(gobject))
    }
}
