import Gtk
import Navigation
import RayPets

extension RayPetsApp {
    /// RayPets' messages: GLib log domain `raypets`.
    static let log = Log(domain: "raypets")

    /// Logs every stack change through GLib (see it with `G_MESSAGES_DEBUG=raypets`). Keep
    /// the observations.
    static func logTransitions(of coordinator: AppCoordinator) -> [StackObservation] {
        func line(_ pages: [Page<AppRoute>]) -> String { pages.map { $0.route.token }.joined(separator: " > ") }
        var observations = AppTab.allCases.map { tab in
            coordinator.tabs.router(for: tab).observe { pages in log.debug("\(tab.rawValue) tab: \(line(pages))") }
        }
        observations.append(
            coordinator.dialogRouter.observe { pages in
                log.debug("dialog: \(pages.isEmpty ? "closed" : line(pages))")
            })
        return observations
    }
}
