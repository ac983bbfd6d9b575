import Gtk

/// What a two-line row shows: an id (kept while rows change), a title and a subtitle.
typealias TwoLineItem = (id: String, title: String, subtitle: String)

/// A list of two-line rows (title, subtitle) over items the model keeps and reads on demand:
/// a `ListView` in its own scrolled window, so only the rows on screen exist however many
/// items there are. The model tells it where items changed; the other rows, the focus and the
/// scroll position stay. Activation (click, Enter) reports the item's index.
@MainActor
final class TwoLineList {
    let list: ListView
    /// The list in its scrolled window: what the page shows.
    let root: ScrolledWindow

    /// An empty list called `label` (what a screen reader names it) of the items `item` reads
    /// by index. `key` says an item's id alone: GTK asks for it far more often than rows show
    /// (GTK 4.8 reads every new item's key when items change), so it must not format the row.
    init(
        label: String, key: @escaping @MainActor (Int) -> String?, item: @escaping @MainActor (Int) -> TwoLineItem?,
        onActivate: @escaping @MainActor (Int) -> Void
    ) {
        list = ListView(accessibleLabel: label, makeRow: { TwoLineRow(item: item) }, keyAt: key)
        list.addCSSClass("raypets-list")
        list.onActivate(onActivate)
        root = ScrolledWindow(child: list)
        root.setExpand(horizontal: true, vertical: true)
    }

    /// The list's item count changes from what it was to `count`: every row shows again.
    func reset(count: Int) {
        list.itemsChanged(at: 0, removed: list.count, added: count)
        root.isVisible = count > 0
    }

    /// At `index`, `removed` items went and `added` came.
    func itemsChanged(at index: Int, removed: Int, added: Int) {
        list.itemsChanged(at: index, removed: removed, added: added)
        root.isVisible = list.count > 0
    }

    /// The row shown as selected (its item is open beside the list), or `nil`.
    var selectedIndex: Int? {
        get { list.selectedIndex }
        set { list.selectedIndex = newValue }
    }
}

/// One row of a `TwoLineList`: a bold title over a smaller subtitle, each on one line ending in
/// "…" when the window is too narrow (a screen reader reads both whole; a long name must not
/// widen the list). Wrapping would cost more: a wrapping label is measured at every width.
@MainActor
private final class TwoLineRow: ListViewRow {
    private let box = Box(.vertical, spacing: 2)
    private let title = Label()
    private let subtitle = Label()
    private let item: @MainActor (Int) -> TwoLineItem?
    var widget: Widget { box }

    init(item: @escaping @MainActor (Int) -> TwoLineItem?) {
        self.item = item
        title.addCSSClass("raypets-row-title")
        title.alignStart()
        title.ellipsizeEnd()
        subtitle.addCSSClass("raypets-row-subtitle")
        subtitle.alignStart()
        subtitle.ellipsizeEnd()
        box.append(title)
        box.append(subtitle)
    }

    func show(key: String, position: Int) -> String {
        let shown = item(position).flatMap { $0.id == key ? $0 : nil }
        title.text = shown?.title ?? ""
        subtitle.text = shown?.subtitle ?? ""
        return shown.map { "\($0.title), \($0.subtitle)" } ?? ""
    }
}
