import Gtk
import GtkNavigation
import RayPets

/// A pet's page: its facts, a button per action of its model (Edit, Delete, Clinic info, ..., in
/// rows of three), and its appointment request history (newest first; a row opens it). Binds
/// to a `PetDetailsModel` and follows its changes.
@MainActor
final class PetDetailsView: PageView {
    let widget: Widget
    let initialFocus: Widget?
    /// How many of the page's buttons share a row: three fit a phone's 360 px, unless the text
    /// is larger than usual (at 200 %, Edit, Delete and Clinic info need 388 px; Clinic info and
    /// Vaccinations 373): then one, each as wide as the column.
    static var buttonsPerRow: Int { MainLoop.textScale > 1.3 ? 1 : 3 }

    init(model: PetDetailsModel) {
        let layout = PageLayout(headline: model.title, text: model.summary)
        let table = FactsTable()
        layout.content.append(table.grid)
        // The buttons in rows (`buttonsPerRow`), each row centred.
        var row = Box(.horizontal, spacing: 10)
        let perRow = Self.buttonsPerRow
        let buttons = model.actions.enumerated().map { index, action in
            if index % perRow == 0 {
                row = Box(.horizontal, spacing: 10)
                row.setAlignment(horizontal: .center, vertical: .start)
                row.addCSSClass("raypets-button-row")
                layout.actions.append(row)
            }
            let button = Button(label: action.title)
            if action.isDestructive { button.addCSSClass("destructive-action") }
            button.onClicked { [weak model] in if let model { action.intent(model) } }
            row.append(button)
            return button
        }
        let heading = Label(model.historyTitle)
        heading.addCSSClass("raypets-section-title")
        heading.wrapStart()
        // Wrapped: on one line, "No appointment requests yet." needed 393 px at 200 % text.
        let empty = Label()
        empty.wrapStart()
        let history = TwoLineList(
            label: model.historyTitle,
            key: { [weak model] index in model?.historyRowID(at: index).map(String.init) },
            item: { [weak model] index in model?.historyRow(at: index).map { (String($0.id), $0.title, $0.subtitle) } },
            onActivate: { [weak model] index in model?.openRecord(at: index) })
        // Inside the scrolling page: as tall as the rows, up to about six of them, then it scrolls.
        history.root.setContentHeight(minimum: 0, maximum: 360)
        layout.actions.append(heading)
        layout.actions.append(empty)
        layout.actions.append(history.root)
        func update(_ model: PetDetailsModel) {
            layout.update(headline: model.title, text: model.summary, caption: nil)
            table.show(model.rows)
            history.reset(count: model.history.count)
            empty.text = model.historyEmptyText
            empty.isVisible = model.history.isEmpty
            for (button, action) in zip(buttons, model.actions) { button.isSensitive = action.isEnabled }
        }
        update(model)
        model.onChange = { [weak model] in if let model { update(model) } }
        initialFocus = zip(buttons, model.actions).first { $0.1.isEnabled }?.0
        widget = layout.root
    }
}
