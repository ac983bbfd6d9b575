import Gtk
import GtkNavigation
import Navigation

/// Hello: a button that asks for the details page.
@MainActor
final class HelloView: PageView {
    let widget: Widget
    let initialFocus: Widget?

    init(model: HelloModel) {
        let button = Button(label: "Tell me about GTK")
        button.onClicked { [weak model] in model?.onShowDetails?("GTK") }
        widget = button
        initialFocus = button
    }
}

/// The details: a label.
@MainActor
final class DetailsView: PageView {
    let widget: Widget
    init(model: DetailsModel) { widget = Label("\(model.title): a toolkit for apps.") }
}

/// The view of each page, chosen by its route.
@MainActor
func makeView(_ page: Page<HelloRoute>) -> any PageView {
    switch (page.route, page.model) {
    case (.hello, let model as HelloModel): HelloView(model: model)
    case (.details, let model as DetailsModel): DetailsView(model: model)
    default: preconditionFailure("no view for \(page.route)")
    }
}
