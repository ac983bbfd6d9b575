import Gtk
import GtkNavigation
import RayPets

/// A pet's page: its facts, Edit / Delete / Clinic info, and its appointment request history
/// (newest first; a row opens it). Binds to a `PetDetailsViewModel` and follows its changes.
@MainActor
final class PetDetailsView: PageView {
    let widget: Widget
    let initialFocus: Widget?

    init(model: PetDetailsViewModel) {
        let layout = PageLayout(headline: model.title, text: model.summary)
        let table = FactsTable()
        layout.content.append(table.grid)
        let buttons = Box(.horizontal, spacing: 10)
        buttons.setAlignment(horizontal: .center, vertical: .start)
        buttons.addCSSClass("raypets-button-row")
        let edit = Button(label: model.editTitle)
        edit.onClicked { [weak model] in model?.edit() }
        let delete = Button(label: model.deleteTitle)
        delete.addCSSClass("destructive-action")
        delete.onClicked { [weak model] in model?.delete() }
        let clinic = Button(label: model.clinicInfoTitle)
        clinic.onClicked { [weak model] in model?.showClinicInfo() }
        for button in [edit, delete, clinic] { buttons.append(button) }
        layout.actions.append(buttons)
        let heading = Label(model.historyTitle)
        heading.addCSSClass("raypets-section-title")
        heading.alignStart()
        let empty = Label()
        empty.alignStart()
        let history = TwoLineList(
            key: { [weak model] index in model?.historyRowID(at: index).map(String.init) },
            item: { [weak model] index in model?.historyRow(at: index).map { (String($0.id), $0.title, $0.subtitle) } },
            onActivate: { [weak model] index in model?.openRecord(at: index) })
        // Inside the scrolling page: as tall as the rows, up to about six of them, then it scrolls.
        history.root.setContentHeight(minimum: 0, maximum: 360)
        layout.actions.append(heading)
        layout.actions.append(empty)
        layout.actions.append(history.root)
        func update(_ model: PetDetailsViewModel) {
            layout.update(headline: model.title, text: model.summary, caption: nil)
            table.show(model.rows)
            history.reset(count: model.history.count)
            empty.text = model.historyEmptyText
            empty.isVisible = model.history.isEmpty
            edit.isSensitive = model.canChange
            delete.isSensitive = model.canChange
        }
        update(model)
        model.onChange = { [weak model] in if let model { update(model) } }
        initialFocus = model.canChange ? edit : clinic
        widget = layout.root
    }
}
