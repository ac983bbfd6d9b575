import Gtk
import GtkNavigation
import RayPets

/// A two-column table of facts with an optional action. Binds to a `DetailsViewModel`.
@MainActor
final class DetailsView: PageView {
    let widget: Widget
    let initialFocus: Widget?

    init(model: DetailsViewModel) {
        let layout = PageLayout(headline: model.title, text: model.summary)
        let table = Grid()
        table.setAlignment(horizontal: .center, vertical: .start)
        for (index, row) in model.rows.enumerated() {
            let label = Label(row.label)
            label.addCSSClass("raypets-table-label")
            label.alignStart()
            let value = Label(row.value)
            value.alignStart()
            table.attach(label, column: 0, row: Int32(index))
            table.attach(value, column: 1, row: Int32(index))
        }
        layout.content.append(table)
        if let title = model.actionTitle {
            initialFocus = layout.addButton(title, cssClass: nil) { [weak model] in model?.performAction() }
        } else {
            initialFocus = nil
        }
        widget = layout.root
    }
}
