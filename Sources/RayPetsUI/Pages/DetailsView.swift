import Gtk
import GtkNavigation
import RayPets

/// A two-column table of facts with an optional action. Binds to a `DetailsViewModel` and
/// follows its changes.
@MainActor
final class DetailsView: PageView {
    let widget: Widget
    let initialFocus: Widget?

    init(model: DetailsViewModel) {
        let layout = PageLayout(headline: model.title, text: model.summary)
        let table = FactsTable()
        table.show(model.rows)
        layout.content.append(table.grid)
        if let title = model.actionTitle {
            let button = layout.addButton(title, cssClass: model.actionStyle.cssClass) { [weak model] in
                model?.performAction()
            }
            button.isSensitive = model.isActionEnabled
            initialFocus = button
        } else {
            initialFocus = nil
        }
        widget = layout.root
        model.onChange = { [weak model] in
            guard let model else { return }
            layout.update(headline: model.title, text: model.summary, caption: nil)
            table.show(model.rows)
        }
    }
}

/// The label/value grid of a details page; `show` replaces its rows.
@MainActor
final class FactsTable {
    let grid = Grid()
    private var labels: [Label] = []

    init() {
        grid.setAlignment(horizontal: .center, vertical: .start)
    }

    func show(_ rows: [DetailsViewModel.Row]) {
        for label in labels { grid.remove(label) }
        labels = []
        for (index, row) in rows.enumerated() {
            let label = Label(row.label)
            label.addCSSClass("raypets-table-label")
            label.alignStart()
            let value = Label(row.value)
            value.alignStart()
            value.wrapStart()
            grid.attach(label, column: 0, row: Int32(index))
            grid.attach(value, column: 1, row: Int32(index))
            labels += [label, value]
        }
    }
}
