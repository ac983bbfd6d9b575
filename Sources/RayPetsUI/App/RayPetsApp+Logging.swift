import Gtk
import Navigation
import RayPets

extension RayPetsApp {
    /// RayPets' messages: GLib log domain `raypets`.
    static let log = Log(domain: "raypets")

    /// Logs every stack change of window `number` through GLib (see it with
    /// `G_MESSAGES_DEBUG=raypets`). Keep the observations.
    static func logTransitions(of coordinator: WindowCoordinator, number: Int) -> [StackObservation] {
        func line(_ pages: [Page<AppRoute>]) -> String { pages.map { $0.route.token }.joined(separator: " > ") }
        let window = number == 1 ? "" : "window \(number) "
        var observations = AppTab.allCases.map { tab in
            coordinator.tabs.router(for: tab).observe { pages in
                log.debug("\(window)\(tab.rawValue) tab: \(line(pages))")
            }
        }
        observations.append(
            coordinator.dialogRouter.observe { pages in
                log.debug("\(window)dialog: \(pages.isEmpty ? "closed" : line(pages))")
            })
        return observations
    }
}
