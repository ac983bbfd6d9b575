import Gtk
import GtkNavigation
import RayPets

/// A list of pets, one activatable row each (click or Enter), with a search by name (Ctrl+F
/// focuses it, Escape clears it), Add pet, and an empty state. The rows are a `ListView`:
/// only those on screen exist, read from the model a batch at a time. Binds to a
/// `PetListModel` and follows its changes in place.
@MainActor
final class PetListView: PageView {
    let widget: Widget
    private let rows: TwoLineList
    private let search: SearchEntry
    private let add: Button
    private weak var model: PetListModel?
    /// A row's context menu (*Open in New Window*), when the app offers it.
    private var menu: ContextMenu?
    /// The row the context menu was opened on, while it is open.
    private var menuRow: Int?

    init(model: PetListModel) {
        let layout = PageLayout(headline: model.title, text: model.prompt, caption: model.caption, fillsHeight: true)
        let rows = TwoLineList(
            label: model.listLabel,
            key: { [weak model] index in model?.rowID(at: index) },
            item: { [weak model] index in model?.row(at: index).map { ($0.id, $0.title, $0.subtitle) } },
            onActivate: { [weak model] index in model?.select(at: index) })
        rows.root.setContentHeight(minimum: 150)
        let search = SearchEntry(placeholder: model.searchPlaceholder)
        search.maxLength = PetSearch.maxLength
        search.text = model.searchText
        search.setAccessibleLabel(model.searchPlaceholder)
        let empty = Label()
        empty.wrapCentered()
        layout.content.append(search)
        layout.content.append(empty)
        layout.content.append(rows.root)
        let add = layout.addButton(model.addTitle, cssClass: "suggested-action") { [weak model] in model?.add() }
        func update(_ model: PetListModel) {
            let addHadFocus = add.containsFocus
            rows.selectedIndex = model.shownRow
            empty.text = model.emptyText
            empty.isVisible = model.count == 0
            add.isVisible = model.showsAdd
            add.isSensitive = model.canAdd
            // Add pet went while it had the focus (the picker's, once a pet came): the focus
            // goes to the first row, not to a hidden button no key can leave.
            if addHadFocus, !(model.showsAdd && model.canAdd), model.count > 0 {
                _ = rows.list.focusRow(at: 0) || search.grabFocus()
            }
        }
        rows.reset(count: model.count)
        update(model)
        // Rows come and go where the list says (the rows before `index` do not move), then
        // everything else shown follows.
        model.list.onUpdate = { [weak model] index, removed, added in
            let hadFocus = rows.root.containsFocus
            rows.itemsChanged(at: index, removed: removed, added: added)
            if let model { update(model) }
            // The focused row went (its pet was deleted): the focus goes to the row now in its
            // place, or the last row; with no row left, to Add pet or the search (the focus
            // would otherwise stay on the hidden row).
            guard hadFocus, let count = model?.count else { return }
            if count == 0 {
                _ = add.grabFocus() || search.grabFocus()
            } else if !rows.root.containsFocus {
                _ = rows.list.focusRow(at: min(index, count - 1))
            }
        }
        model.onChange = { [weak model] in if let model { update(model) } }
        search.onSearchChanged { [weak model, weak search] in
            guard let model, let search, search.text != model.searchText else { return }
            model.search(search.text)
        }
        // Escape in the empty search does what Escape does around it (a dialog's Cancel).
        search.onEscapeWhenEmpty = { [weak search] in search?.activateAction(NavigationAction.cancel) }
        self.rows = rows
        self.search = search
        self.add = add
        self.model = model
        widget = layout.root
        search.addFocusShortcut(on: widget, trigger: AppAction.searchPets.accelerator ?? "<Control>f")
        offerNewWindow(model)
    }

    /// *Open in New Window* on a row: its context menu (right click, long press) and Ctrl+Enter
    /// on the focused row, while the model offers it (its coordinator may say so after the
    /// view is made).
    private func offerNewWindow(_ model: PetListModel) {
        rows.root.insertActions([
            (
                AppAction.openInNewWindow,
                { @MainActor [weak self, weak model] in
                    guard let self, let row = self.menuRow ?? self.rows.list.focusedIndex else { return }
                    self.menuRow = nil
                    model?.openInNewWindow(at: row)
                }
            )
        ])
        rows.root.addShortcut(for: AppAction.openInNewWindow)
        rows.list.onContextClick { [weak self, weak model] row, x, y in
            guard let self, let model, model.opensInNewWindow else { return }
            self.menuRow = row
            self.contextMenu(title: model.openInNewWindowTitle).open(x: x, y: y)
        }
    }

    /// The rows' context menu, made at the first right click (most lists never need one).
    private func contextMenu(title: String) -> ContextMenu {
        if let menu { return menu }
        let menu = ContextMenu(on: rows.list, items: [(title, AppAction.openInNewWindow)])
        menu.accessibleLabel = model?.listLabel
        // Closed without a choice (Escape, a click outside): Ctrl+Enter means the focused row again.
        menu.onClosed = { [weak self] in self?.menuRow = nil }
        self.menu = menu
        return menu
    }

    /// The row of the pet opened last (the user comes back to where they were), else the
    /// first row, else Add pet, else the search.
    func focusInitially() -> Bool {
        if let row = model?.focusRow, rows.list.focusRow(at: row) { return true }
        return add.grabFocus() || search.grabFocus()
    }

    /// Back on the list: the row of the pet whose page was open (the row that opened it may
    /// show another pet by now: rows are reused), as `focusInitially()`; a button that opened
    /// a page (Add pet) gets the focus back.
    func focusOnReturn(opener: Widget?) -> Bool {
        if let opener, !opener.isInside(rows.root), opener.grabFocus() { return true }
        return focusInitially()
    }
}
