import Gtk
import Navigation

/// The GTK hosts' leak check, in debug builds: what the pages that left brought (their
/// models, and what was registered with them) must be gone once the host has settled — its
/// slides done, its views freed and the main loop idle. Whatever is still alive then is
/// logged once, as a `GtkNavigation` warning naming the page's route and the type:
///
///     GtkNavigation-WARNING **: leak: page-7 petDetail("rex") left, but its PetDetailsViewModel is still alive
///
/// In release builds it does nothing and costs nothing.
@MainActor
final class LeakWarnings<Route: NavigationRoute> {
    #if DEBUG
        private let departures = PageDepartures<Route>()
        private var scheduled = false
    #endif
    private let isSettled: @MainActor () -> Bool

    /// Checks once `isSettled` says the host's transitions are done.
    init(isSettled: @escaping @MainActor () -> Bool) {
        self.isSettled = isSettled
    }

    /// The host shows `pages` now: pages no longer in them have left.
    func shown(_ pages: [Page<Route>]) {
        #if DEBUG
            departures.shown(pages)
            if departures.hasDepartures { schedule() }
        #endif
    }

    /// `object` came with the page `id`.
    func register(_ object: AnyObject, broughtBy id: PageID) {
        #if DEBUG
            departures.register(object, broughtBy: id)
        #endif
    }

    #if DEBUG
        private static var log: Log { Log(domain: "GtkNavigation") }

        private func schedule() {
            guard !scheduled else { return }
            scheduled = true
            // Late enough for the views of the pages that left to be freed after their slide,
            // and for the tasks and idle work their leaving started to have run.
            MainLoop.after(milliseconds: 100) { [weak self] in self?.check() }
        }

        private func check() {
            scheduled = false
            guard isSettled() else { return schedule() }
            for line in departures.survivors() { Self.log.warning("leak: \(line)") }
        }
    #endif
}
