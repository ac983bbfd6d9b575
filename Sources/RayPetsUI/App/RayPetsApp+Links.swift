import Gtk
import RayPets

extension RayPetsApp {
    /// From now on, the links GApplication hands over (this launch's, a later launch's) open.
    func openLinks() {
        application.onOpen { [weak self] uris in self?.open(uris) }
    }

    /// Opens `raypets://` links (from this launch's command line or a later one's, or
    /// `app.open-route`): raises the window and walks to each link's page. A bad link is
    /// reported and the screen stays; a link to a pet that is gone shows My pets.
    func open(_ uris: [String]) {
        activate(restoring: false)
        guard let coordinator else { return }
        for uri in uris {
            // A bad link is not fatal: the coordinator says so and leaves the screen, or (a
            // pet that no longer exists) shows My pets.
            RayPetsApp.log.debug("opening \(uri)")
            Task { @MainActor in
                if !(await coordinator.open(uri: uri)), !coordinator.isHoldingLinks {
                    RayPetsApp.log.warning("could not open \(uri)")
                }
            }
        }
    }
}
