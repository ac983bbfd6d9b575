import Gtk
import GtkNavigation
import RayPets

/// A question with one button per answer (visit type, pain level, Faking it?).
/// Binds to any `ChoiceModel`.
@MainActor
final class ChoiceView: PageView {
    let widget: Widget
    let initialFocus: Widget?

    init(model: any ChoiceModel) {
        let layout = PageLayout(headline: model.title, text: model.prompt, caption: model.caption)
        let buttons = model.optionTitles.enumerated().map { index, title in
            layout.addButton(title, cssClass: nil) { [weak model] in model?.select(at: index) }
        }
        initialFocus = buttons.first
        widget = layout.root
        model.onChange = { [weak model] in
            guard let model else { return }
            layout.update(headline: model.title, text: model.prompt, caption: model.caption)
        }
    }
}
