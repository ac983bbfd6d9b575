import Gtk
import GtkNavigation
import RayPets

/// What a page looks like when the app has no view for its model: a clear message instead
/// of a crash or a blank page.
@MainActor
final class UnknownPageView: PageView {
    let widget: Widget
    let initialFocus: Widget? = nil

    init(description: String) {
        widget =
            PageLayout(
                headline: L("Nothing to show"), text: L("RayPets has no screen for {page}.", ["page": description])
            ).root
    }
}
