import CGtk

/// A `GtkGrid`: children placed in rows and columns.
@MainActor
public final class Grid: Widget {
    /// The children, in the order they were attached (for tests in this package).
    package private(set) var children: [Widget] = []

    /// An empty grid with these gaps between cells.
    public init(rowSpacing: UInt32 = 6, columnSpacing: UInt32 = 18) {
        super.init(UnsafeMutableRawPointer(gtk_grid_new()), transfer: .none)
        gtk_grid_set_row_spacing(rp_grid(gobject), rowSpacing)
        gtk_grid_set_column_spacing(rp_grid(gobject), columnSpacing)
    }

    /// Places `child` at `column`, `row`.
    public func attach(_ child: Widget, column: Int32, row: Int32) {
        gtk_grid_attach(rp_grid(gobject), child.widget, column, row, 1, 1)
        children.append(child)
    }

    /// Places `child` at `column`, `row`, spanning `width` columns.
    public func attach(_ child: Widget, column: Int32, row: Int32, width: Int32) {
        gtk_grid_attach(rp_grid(gobject), child.widget, column, row, width, 1)
        children.append(child)
    }

    /// Removes `child` from the grid.
    public func remove(_ child: Widget) {
        guard children.contains(where: { $0 === child }) else { return }
        gtk_grid_remove(rp_grid(gobject), child.widget)
        children.removeAll { $0 === child }
    }
}
