import Gtk

/// A list of two-line rows (title, subtitle) that can be replaced while it shows: the row
/// with the keyboard focus keeps it (by id) when the rows change. Activation (click, Enter)
/// reports the row's index.
@MainActor
final class TwoLineList {
    let list = ListBox()
    private var ids: [String] = []
    private var shown: [String] = []

    init(onActivate: @escaping @MainActor (Int) -> Void) {
        list.addCSSClass("raypets-list")
        list.onRowActivated(onActivate)
    }

    /// The first row, for the page's initial focus.
    var firstRow: Widget? { list.rows.first }

    /// The row at `index`, if there is one.
    func row(at index: Int?) -> Widget? { index.flatMap { list.rows.indices.contains($0) ? list.rows[$0] : nil } }

    /// The row shown as selected (its item is open beside the list), or `nil`.
    var selectedIndex: Int? {
        get { list.selectedIndex }
        set { if list.selectedIndex != newValue { list.selectedIndex = newValue } }
    }

    /// Replaces the rows with `rows` (`id`, `title`, `subtitle`).
    /// Rows that are the same as those shown are kept as they are (with their focus).
    func show(_ rows: [(id: String, title: String, subtitle: String)]) {
        let texts = rows.map { "\($0.id)\n\($0.title)\n\($0.subtitle)" }
        guard texts != shown else { return }
        shown = texts
        let focusedIndex = list.rows.firstIndex { $0.hasFocus }
        let focusedID = focusedIndex.map { ids[$0] }
        list.removeAll()
        ids = rows.map(\.id)
        for row in rows {
            let text = Box(.vertical, spacing: 2)
            let title = Label(row.title)
            title.addCSSClass("raypets-row-title")
            title.alignStart()
            let subtitle = Label(row.subtitle)
            subtitle.addCSSClass("raypets-row-subtitle")
            subtitle.wrapStart()
            text.append(title)
            text.append(subtitle)
            let listRow = ListBoxRow(child: text)
            listRow.setAccessibleLabel("\(row.title), \(row.subtitle)")
            list.append(listRow)
        }
        list.isVisible = !rows.isEmpty
        guard let focusedIndex else { return }
        let index = focusedID.flatMap { ids.firstIndex(of: $0) } ?? min(focusedIndex, ids.count - 1)
        if list.rows.indices.contains(index) { list.rows[index].grabFocus() }
    }
}
