import CGtk

/// An icon from the icon theme (a `GtkImage`), e.g. `go-previous-symbolic`.
@MainActor
public final class Image: Widget {
    /// The icon `iconName`, at the theme's size for its place.
    public init(iconName: String) {
        super.init(UnsafeMutableRawPointer(gtk_image_new_from_icon_name(iconName)), transfer: .none)
    }
}
