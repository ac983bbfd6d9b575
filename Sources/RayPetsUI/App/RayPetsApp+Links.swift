import Gtk
import RayPets

extension RayPetsApp {
    /// From now on, the links GApplication hands over (this launch's, a later launch's) open.
    func openLinks() {
        application.onOpen { [weak self] uris in self?.open(uris) }
    }

    /// Opens `raypets://` links (this launch's command line or a later one's, a D-Bus `Open`,
    /// `app.open-route`) as one batch (`LinkBatch`): the first five, one per turn of the main
    /// loop (input and drawing come between them), each in the window the user used last
    /// (raised), or in a new one if it ends in `window=new` (`LinkWindow`), walking to the
    /// link's page; the rest are not opened, and one notice says how many. A bad link is
    /// reported and the screen stays; a link to a pet that is gone shows My pets.
    func open(_ uris: [String]) {
        activate()
        guard let coordinator else { return }
        // The log quotes a link's start only: a link from outside may be megabytes long.
        for uri in uris.prefix(LinkBatch.maxOpened) { RayPetsApp.log.debug("opening \(uri.excerpt(200))") }
        if uris.count > LinkBatch.maxOpened {
            RayPetsApp.log.debug("not opening \(uris.count - LinkBatch.maxOpened) more links")
        }
        Task { @MainActor in
            let reached = await coordinator.open(batch: uris, nextTurn: MainLoop.idle)
            // A bad link is not fatal: the coordinator said so and left the screen, or (a pet
            // that no longer exists) showed My pets. A link that waits for Welcome is not bad.
            guard coordinator.windows.focused?.isHoldingLinks != true else { return }
            for (uri, opened) in zip(uris, reached) where !opened {
                RayPetsApp.log.warning("could not open \(uri.excerpt(200))")
            }
        }
    }
}
