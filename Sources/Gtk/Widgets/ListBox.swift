import CGtk

/// A `GtkListBox` used as a navigation list: no selection, a click or Enter on a row
/// activates it.
@MainActor
public final class ListBox: Widget {
    /// The rows, in order (held like the GtkListBox holds them).
    public private(set) var rows: [ListBoxRow] = []

    /// An empty list.
    public init() {
        super.init(UnsafeMutableRawPointer(gtk_list_box_new()), transfer: .none)
        gtk_list_box_set_selection_mode(rp_list_box(gobject), GTK_SELECTION_NONE)
    }

    /// Adds `row` at the end.
    public func append(_ row: ListBoxRow) {
        gtk_list_box_append(rp_list_box(gobject), row.widget)
        rows.append(row)
    }

    /// Removes every row.
    public func removeAll() {
        for row in rows { gtk_list_box_remove(rp_list_box(gobject), row.widget) }
        rows.removeAll()
    }

    /// Runs `handler` with the row's index when a row is activated.
    @discardableResult
    public func onRowActivated(_ handler: @escaping @MainActor (Int) -> Void) -> SignalConnection {
        connectWithPointer("row-activated") { row in
            guard let row else { return }
            handler(Int(gtk_list_box_row_get_index(rp_list_box_row(row))))
        }
    }
}
