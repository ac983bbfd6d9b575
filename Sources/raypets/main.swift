import Glibc
import Gtk
import Navigation
import RayPets
import RayPetsUI

// RayPets: a GtkApplication whose "activate" builds the window, the routers, the services
// and the coordinator tree once; later activations (another launch) only raise the window.

let application = Application(id: "io.github.raypets.RayPets")
var appCoordinator: AppCoordinator?

application.onActivate {
    if let appCoordinator {
        appCoordinator.start()
        return
    }
    Stylesheet.install()
    let window = MainWindow(application: application)
    let services = ClinicServices(settings: SettingsStore(path: SettingsStore.defaultPath()))
    let coordinator = AppCoordinator(
        window: window,
        welcomeRouter: StackRouter(host: window.welcomeHost),
        tabs: TabRouter(tabs: AppTab.allCases, host: window.tabHost),
        modalRouter: ModalRouter(host: window.modalHost),
        services: services)
    appCoordinator = coordinator
    coordinator.start()
}

exit(application.run())
