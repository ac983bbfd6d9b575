import Glibc
import Gtk
import GtkNavigation
import Navigation

/// Everything the window needs, kept alive while the app runs.
@MainActor
final class HelloWindow {
    let window: Window
    let host: GtkStackHost<HelloRoute>
    let router: StackRouter<HelloRoute>
    let navigation: BackNavigation
    let coordinator: HelloCoordinator

    init(application: Application) {
        window = Window(application: application)
        window.setDefaultSize(width: 360, height: 240)
        host = GtkStackHost(window: window, makeView: makeView)
        router = StackRouter(host: host)
        navigation = BackNavigation(window: window)
        navigation.follow(host)
        let header = HeaderBar()
        header.packStart(navigation.backButton)
        window.titlebar = header
        window.child = host.widget
        coordinator = HelloCoordinator(router: router)
        coordinator.present(animated: false, onDismissed: nil)
        window.present()
    }
}

let status = MainActor.assumeIsolated {
    let app = Application(id: "io.github.raypets.HelloPages")
    var helloWindow: HelloWindow?
    app.onActivate {
        if helloWindow == nil { helloWindow = HelloWindow(application: app) }
    }
    return app.run()
}
exit(status)
