import Gtk
import GtkNavigation
import RayPets

/// A page with a message and one action (How-to-code steps, Start over, No appointment
/// required). Binds to a `MessageModel`.
@MainActor
final class MessageView: PageView {
    let widget: Widget
    let initialFocus: Widget?

    init(model: MessageModel) {
        let layout = PageLayout(headline: model.title, text: model.message, caption: model.caption)
        initialFocus = layout.addButton(model.actionTitle, cssClass: model.actionStyle.cssClass) { [weak model] in
            model?.performAction()
        }
        widget = layout.root
        model.onChange = { [weak model] in
            guard let model else { return }
            layout.update(headline: model.title, text: model.message, caption: model.caption)
        }
    }
}
