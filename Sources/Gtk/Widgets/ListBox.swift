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

    /// Puts `row` at `index` (0 ... `rows.count`; past the end it is appended): the rows from
    /// `index` on move down one. The selected row stays the same row (`selectedIndex` follows
    /// it).
    public func insert(_ row: ListBoxRow, at index: Int) {
        let index = min(max(index, 0), rows.count)
        gtk_list_box_insert(rp_list_box(gobject), row.widget, Int32(index))
        rows.insert(row, at: index)
        if let selectedIndex, selectedIndex >= index {
            self.selectedIndex = selectedIndex + 1
        } else {
            applySelection()
        }
    }

    /// Removes the row at `index` and returns it (its wrapper is released unless the caller
    /// keeps it). The selected row stays the same row; if it is the one removed, nothing is
    /// selected. Does nothing and returns `nil` for an index that is not a row's.
    @discardableResult
    public func remove(at index: Int) -> ListBoxRow? {
        guard rows.indices.contains(index) else { return nil }
        let row = rows.remove(at: index)
        gtk_list_box_remove(rp_list_box(gobject), row.widget)
        if let selectedIndex {
            self.selectedIndex =
                selectedIndex == index ? nil : selectedIndex > index ? selectedIndex - 1 : selectedIndex
        }
        return row
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
