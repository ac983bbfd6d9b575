import Gtk
import GtkNavigation
import RayPets

/// Home: a greeting and the two actions. Binds to a `HomeModel`.
@MainActor
final class HomeView: PageView {
    let widget: Widget
    let initialFocus: Widget?

    init(model: HomeModel) {
        let layout = PageLayout(headline: model.greeting, text: model.subtitle)
        initialFocus = layout.addButton(model.scheduleTitle, cssClass: "suggested-action") { [weak model] in
            model?.scheduleAppointment()
        }
        layout.addButton(model.petsTitle, cssClass: nil) { [weak model] in model?.showPets() }
        layout.addButton(model.clinicInfoTitle, cssClass: nil) { [weak model] in model?.showClinicInfo() }
        widget = layout.root
    }
}
