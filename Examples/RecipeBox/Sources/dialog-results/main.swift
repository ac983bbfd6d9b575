import DialogResultsCore
import Glibc
import Gtk
import GtkNavigation
import Navigation

/// The window, its dialog and its alerts: a host and a router for each.
@MainActor
final class NoteWindow {
    let window: Window
    let stack: StackRouter<NoteRoute>
    let dialogs: ModalRouter<NoteRoute>
    let alerts: ModalRouter<NoteRoute>
    let navigation: BackNavigation
    let flow: NoteFlow

    init(application: Application) {
        window = Window(application: application)
        window.setDefaultSize(width: 360, height: 240)
        let header = HeaderBar()
        let stackHost = GtkStackHost(window: window, makeView: makeView)
        // Dialogs and alerts open inside the window, over its header and pages.
        let layer = ModalLayer(window: window, header: header, content: stackHost.widget)
        let dialogs = GtkDialogHost<NoteRoute>(layer: layer, makeView: makeView)
        let alertHost = GtkAlertHost<NoteRoute>(layer: layer, makeAlert: makeAlert)
        stack = StackRouter(host: stackHost)
        self.dialogs = ModalRouter(host: dialogs)
        alerts = ModalRouter(host: alertHost)
        navigation = BackNavigation(window: window)
        navigation.follow(stackHost)
        header.packStart(navigation.backButton)
        flow = NoteFlow(router: stack, dialogs: self.dialogs, alerts: alerts)
        flow.present(animated: false, onDismissed: nil)
        window.present()
    }
}

let status = MainActor.assumeIsolated {
    let app = Application(id: "io.github.raypets.DialogResults")
    var noteWindow: NoteWindow?
    app.onActivate {
        if noteWindow == nil { noteWindow = NoteWindow(application: app) }
    }
    return app.run()
}
exit(status)
