import CGtk

/// Widgets drawn over a child (a `GtkOverlay`): the child sizes it, the overlays sit on top.
@MainActor
public final class Overlay: Widget {
    /// An overlay over `child`.
    public init(child: Widget) {
        super.init(UnsafeMutableRawPointer(gtk_overlay_new()), transfer: .none)
        gtk_overlay_set_child(rp_overlay(gobject), child.widget)
        rp_accessible_set_label(gobject, "")  // a layout box: not named after its type on GTK 4.8
    }

    /// Puts `widget` over the child (place it with its alignment and margins).
    public func addOverlay(_ widget: Widget) {
        gtk_overlay_add_overlay(rp_overlay(gobject), widget.widget)
    }

    /// Takes `widget` off again.
    public func removeOverlay(_ widget: Widget) {
        gtk_overlay_remove_overlay(rp_overlay(gobject), widget.widget)
    }
}
