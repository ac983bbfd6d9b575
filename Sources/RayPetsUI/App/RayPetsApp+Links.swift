import Gtk
import RayPets

extension RayPetsApp {
    /// Opens `raypets://` links (from this launch's command line or a later one's, or
    /// `app.open-route`): raises the window and walks to each link's page. A bad link is
    /// reported and the screen stays.
    func open(_ uris: [String]) {
        activate(restoring: false)
        guard let coordinator else { return }
        for uri in uris {
            do {
                let link = try DeepLink.parse(uri, pets: coordinator.services.pets.pets)
                RayPetsApp.log.debug("opening \(link.uri)")
                Task { @MainActor in await coordinator.open(link) }
            } catch {
                // A bad link is not fatal: say so, and leave the screen as it is.
                RayPetsApp.log.warning(error.description)
                mainWindow?.showNotice(L("Cannot open {link}: {problem}", ["link": uri, "problem": error.problem]))
            }
        }
    }
}
