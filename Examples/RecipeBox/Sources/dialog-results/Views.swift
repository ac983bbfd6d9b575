import DialogResultsCore
import Gtk
import GtkNavigation
import Navigation

/// The note: its name, and *Rename…*.
@MainActor
final class NoteView: PageView {
    let widget: Widget
    let initialFocus: Widget?

    init(model: NoteModel) {
        let box = Box(.vertical, spacing: 12)
        let name = Label(model.name)
        let rename = Button(label: "Rename…")
        rename.onClicked { [weak model] in model?.onRename?() }
        model.onChange = { [weak model, weak name] in name?.text = model?.name ?? "" }
        box.append(name)
        box.append(rename)
        widget = box
        initialFocus = rename
    }
}

/// The dialog: a field with the name, and *Save* (Enter in the field saves too).
@MainActor
final class RenameView: PageView {
    let widget: Widget
    let initialFocus: Widget?

    init(model: RenameModel) {
        let box = Box(.vertical, spacing: 12)
        let field = Entry()
        field.text = model.name
        field.onActivate { [weak model] in model?.onSave?() }
        field.onChanged { [weak model, weak field] in model?.name = field?.text ?? "" }
        let save = Button(label: "Save")
        save.onClicked { [weak model] in model?.onSave?() }
        box.append(field)
        box.append(save)
        widget = box
        initialFocus = field
    }
}

/// The view of each page in the window or the dialog, chosen by its route.
@MainActor
func makeView(_ page: Page<NoteRoute>) -> any PageView {
    switch (page.route, page.model) {
    case (.note, let model as NoteModel): NoteView(model: model)
    case (.rename, let model as RenameModel): RenameView(model: model)
    default: preconditionFailure("no view for \(page.route)")
    }
}

/// The alert of the question's page: *Keep editing* (safe: what Escape answers) or *Discard*.
@MainActor
func makeAlert(_ page: Page<NoteRoute>) -> Alert {
    guard let model = page.model as? DiscardNameModel else { preconditionFailure("\(page.route) is not an alert") }
    let alert = Alert(
        heading: model.title, body: "The name you typed is not saved.",
        responses: [
            .init(id: "keep", label: "Keep editing"), .init(id: "discard", label: "Discard", appearance: .destructive),
        ],
        safeResponse: "keep")
    alert.onResponse = { [weak model] id in model?.onAnswer?(id == "discard") }
    return alert
}
