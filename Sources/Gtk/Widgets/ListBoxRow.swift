import CGtk

/// A `GtkListBoxRow`: one activatable row of a `ListBox`.
@MainActor
public final class ListBoxRow: Widget {
    private let content: Widget

    /// A row showing `child`.
    public init(child: Widget) {
        content = child
        super.init(UnsafeMutableRawPointer(gtk_list_box_row_new()), transfer: .none)
        gtk_list_box_row_set_child(rp_list_box_row(gobject), child.widget)
    }

    /// The row's position in its list, or -1 outside a list.
    public var index: Int { Int(gtk_list_box_row_get_index(rp_list_box_row(gobject))) }

    /// Activates the row as a click or Enter does (its list emits "row-activated").
    package func activate() { rp_signal_emit_void(gobject, "activate") }
}
