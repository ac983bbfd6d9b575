import Gtk
import GtkNavigation
import RayPets

/// A two-column table of facts with an optional action. Binds to a `DetailsModel` and
/// follows its changes.
@MainActor
final class DetailsView: PageView {
    let widget: Widget
    let initialFocus: Widget?

    init(model: DetailsModel) {
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
    private var labels: [Widget] = []
    /// Longer values (a pet's notes) show in a text view that cannot be changed: a wrapping
    /// label measures its whole text at every width it is offered (measured in a release
    /// build, push to first frame: no notes 16 ms; 1,000 characters 34 ms as a label, 16 ms
    /// in this text view).
    static let longText = 400

    init() {
        grid.setAlignment(horizontal: .center, vertical: .start)
    }

    func show(_ rows: [DetailsModel.Row]) {
        for label in labels { grid.remove(label) }
        labels = []
        for (index, row) in rows.enumerated() {
            let label = Label(row.label)
            label.addCSSClass("raypets-table-label")
            // At large text the names wrap too ("Distemper, hepatitis, parvovirus" needed 425 px
            // at 200 %). Not always: two wrapping columns make GTK 4.18 measure the grid's page
            // below its minimum height at 1280 px ("Trying to measure GtkBox", six warnings).
            if MainLoop.textScale > 1.3 { label.wrapStart() } else { label.alignStart() }
            grid.attach(label, column: 0, row: Int32(index))
            labels.append(label)
            if row.value.count > Self.longText {
                label.setAlignment(horizontal: .fill, vertical: .start)  // beside the text's first line
                let text = TextView()
                text.isEditable = false
                text.setAccessibleLabel(row.label)  // it takes the focus: a screen reader says "Notes"
                text.text = row.value
                text.addCSSClass("raypets-long-text")
                // About twelve lines (a text over `longText` fills most of them), then it
                // scrolls. A fixed height: as tall as its text, the text view would lay out all
                // of it before the page shows (2,000 characters: 24 ms instead of 22).
                let scroller = ScrolledWindow(child: text)
                scroller.setContentHeight(minimum: 240)
                scroller.setSizeRequest(width: 200, height: -1)
                grid.attach(scroller, column: 1, row: Int32(index))
                labels.append(scroller)
            } else {
                let value = Label(row.value)
                value.alignStart()
                value.wrapStart()
                grid.attach(value, column: 1, row: Int32(index))
                labels.append(value)
            }
        }
    }
}
