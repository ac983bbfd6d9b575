import CGtk

/// A `GtkSeparator`: a thin line between two parts of a window.
@MainActor
public final class Separator: Widget {
    /// A line across `axis` (`.vertical`: a vertical line between side-by-side parts).
    public init(_ axis: Box.Axis) {
        let orientation = axis == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
        super.init(UnsafeMutableRawPointer(gtk_separator_new(orientation)), transfer: .none)
    }
}
