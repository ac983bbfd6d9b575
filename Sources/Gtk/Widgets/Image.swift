import CGtk

/// An icon from the icon theme (a `GtkImage`), e.g. `go-previous-symbolic`.
@MainActor
public final class Image: Widget {
    /// The icon `iconName`, at the theme's size for its place.
    public init(iconName: String) {
        super.init(UnsafeMutableRawPointer(gtk_image_new_from_icon_name(iconName)), transfer: .none)
    }

    /// The icon `iconName` as decoration beside words that say the same (an arrow beside
    /// "Back to My pets"): its accessible role is *presentation*, so screen readers skip it.
    /// An image that means something on its own needs a name instead (`setAccessibleLabel`).
    public init(decorativeIconName iconName: String) {
        super.init(UnsafeMutableRawPointer(rp_decorative_image_new(iconName)), transfer: .none)
    }
}
