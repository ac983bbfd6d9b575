import Gtk
import GtkNavigation
import RayPets

/// A list of pets, one activatable row each (click or Enter). Binds to a `PetListViewModel`.
@MainActor
final class PetListView: PageView {
    let widget: Widget
    let initialFocus: Widget?

    init(model: PetListViewModel) {
        let layout = PageLayout(headline: model.title, text: model.prompt, caption: model.caption)
        if model.rows.isEmpty {
            layout.content.append(Label(model.emptyText))
            initialFocus = nil
        } else {
            let list = ListBox()
            list.addCSSClass("raypets-list")
            for row in model.rows {
                let text = Box(.vertical, spacing: 2)
                let title = Label(row.title)
                title.addCSSClass("raypets-row-title")
                title.alignStart()
                let subtitle = Label(row.subtitle)
                subtitle.addCSSClass("raypets-row-subtitle")
                subtitle.alignStart()
                text.append(title)
                text.append(subtitle)
                let listRow = ListBoxRow(child: text)
                listRow.setAccessibleLabel("\(row.title), \(row.subtitle)")
                list.append(listRow)
            }
            list.onRowActivated { [weak model] index in model?.select(at: index) }
            layout.content.append(list)
            initialFocus = list.rows.first
        }
        widget = layout.root
    }
}
