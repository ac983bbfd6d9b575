import Gtk
import GtkNavigation
import RayPets

/// A list of pets, one activatable row each (click or Enter), with Add pet, and an empty
/// state. Binds to a `PetListViewModel` and follows its changes in place.
@MainActor
final class PetListView: PageView {
    let widget: Widget
    private let rows: TwoLineList
    private let add: Button
    private weak var model: PetListViewModel?
    /// The row of the pet opened last (the user comes back to where they were), else the
    /// first row as the list is now (rows are replaced when the pets change), else Add pet.
    var initialFocus: Widget? { rows.row(at: model?.focusRow) ?? rows.firstRow ?? add }

    init(model: PetListViewModel) {
        let layout = PageLayout(headline: model.title, text: model.prompt, caption: model.caption)
        let rows = TwoLineList { [weak model] index in model?.select(at: index) }
        let empty = Label()
        empty.wrapCentered()
        layout.content.append(empty)
        layout.content.append(rows.list)
        let add = layout.addButton(model.addTitle, cssClass: "suggested-action") { [weak model] in model?.add() }
        func update(_ model: PetListViewModel) {
            rows.show(model.rows.map { ($0.id, $0.title, $0.subtitle) })
            rows.selectedIndex = model.shownRow
            empty.text = model.emptyText
            empty.isVisible = model.rows.isEmpty
            add.isVisible = model.showsAdd
            add.isSensitive = model.canAdd
        }
        update(model)
        model.onChange = { [weak model] in if let model { update(model) } }
        self.rows = rows
        self.add = add
        self.model = model
        widget = layout.root
    }
}
