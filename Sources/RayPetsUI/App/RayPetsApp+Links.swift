import Gtk
import RayPets

extension RayPetsApp {
    /// From now on, the links GApplication hands over (this launch's, a later launch's) open.
    func openLinks() {
        application.onOpen { [weak self] uris in self?.open(uris) }
    }

    /// Opens `raypets://` links (from this launch's command line or a later one's, or
    /// `app.open-route`): each in the window the user used last (raised), or in a new one if
    /// it ends in `window=new` (`LinkWindow`), walking to the link's page. A bad link is
    /// reported and the screen stays; a link to a pet that is gone shows My pets.
    func open(_ uris: [String]) {
        activate()
        guard let coordinator else { return }
        for uri in uris {
            // A bad link is not fatal: the coordinator says so and leaves the screen, or (a
            // pet that no longer exists) shows My pets.
            // The log quotes the link's start only: a link from outside may be megabytes long.
            RayPetsApp.log.debug("opening \(uri.excerpt(200))")
            Task { @MainActor in
                if !(await coordinator.open(uri: uri)), coordinator.windows.focused?.isHoldingLinks != true {
                    RayPetsApp.log.warning("could not open \(uri.excerpt(200))")
                }
            }
        }
    }
}
