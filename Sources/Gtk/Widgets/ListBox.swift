import CGtk

/// A `GtkListBox` used as a navigation list: a click or Enter on a row activates it. The
/// user's focus never selects a row; the app marks the one row whose item is shown
/// (`selectedIndex`), as a sidebar beside its details does.
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
        guard let selectedIndex else { return }
        let isSelected = rows.count - 1 == selectedIndex
        gtk_list_box_row_set_selectable(rp_list_box_row(row.gobject), isSelected ? 1 : 0)
        if isSelected { gtk_list_box_select_row(rp_list_box(gobject), rp_list_box_row(row.gobject)) }
    }

    /// Removes every row.
    public func removeAll() {
        for row in rows { gtk_list_box_remove(rp_list_box(gobject), row.widget) }
        rows.removeAll()
    }

    /// The row shown as selected (highlighted, and "selected" for assistive technologies),
    /// or `nil`. Only the app changes it: the other rows cannot be selected, so moving the
    /// focus with the arrow keys leaves the selection where it is.
    public var selectedIndex: Int? {
        didSet { applySelection() }
    }

    private func applySelection() {
        let list = rp_list_box(gobject)
        let index = selectedIndex.flatMap { rows.indices.contains($0) ? $0 : nil }
        for (position, row) in rows.enumerated() {
            gtk_list_box_row_set_selectable(rp_list_box_row(row.gobject), position == index ? 1 : 0)
        }
        gtk_list_box_set_selection_mode(list, index == nil ? GTK_SELECTION_NONE : GTK_SELECTION_SINGLE)
        if let index { gtk_list_box_select_row(list, rp_list_box_row(rows[index].gobject)) }
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
