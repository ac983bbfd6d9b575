import Glibc
import Gtk
import Navigation
import RayPets
import RayPetsUI

// RayPets: a GtkApplication whose "activate" builds the window and the coordinator tree
// once; later activations (another launch) only raise the window.

let application = Application(id: "io.github.raypets.RayPets")
var appCoordinator: AppCoordinator?

application.onActivate {
    if let appCoordinator {
        appCoordinator.start()
        return
    }
    Stylesheet.install()
    let window = MainWindow(application: application)
    let coordinator = AppCoordinator(
        window: window,
        router: StackRouter(host: window.stackHost),
        modalRouter: ModalRouter(host: window.modalHost))
    appCoordinator = coordinator
    coordinator.start()
}

exit(application.run())
