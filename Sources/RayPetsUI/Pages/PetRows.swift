import Gtk

/// A list of two-line rows (title, subtitle) that can be replaced while it shows: the row
/// with the keyboard focus keeps it (by id) when the rows change. Activation (click, Enter)
/// reports the row's index.
@MainActor
final class TwoLineList {
    let list = ListBox()
    private var ids: [String] = []

    init(onActivate: @escaping @MainActor (Int) -> Void) {
        list.addCSSClass("raypets-list")
        list.onRowActivated(onActivate)
    }

    /// The first row, for the page's initial focus.
    var firstRow: Widget? { list.rows.first }

    /// Replaces the rows with `rows` (`id`, `title`, `subtitle`).
    func show(_ rows: [(id: String, title: String, subtitle: String)]) {
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
