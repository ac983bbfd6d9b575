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
        // The rename view makes Save its dialog's default button: the factory finds the dialog
        // through its host, made after the factory.
        final class DialogHostRef { weak var host: GtkDialogHost<NoteRoute>? }
        let dialogHost = DialogHostRef()
        let view: PageViewFactory<NoteRoute> = { page in makeView(page, dialog: dialogHost.host?.window) }
        let stackHost = GtkStackHost(window: window, makeView: view)
        let dialogs = GtkDialogHost<NoteRoute>(parent: window, makeView: view)
        dialogHost.host = dialogs
        let alertHost = GtkAlertHost<NoteRoute>(
            parent: { [weak dialogs, weak window] in dialogs?.window ?? window }, makeAlert: makeAlert)
        stack = StackRouter(host: stackHost)
        self.dialogs = ModalRouter(host: dialogs)
        alerts = ModalRouter(host: alertHost)
        navigation = BackNavigation(window: window)
        navigation.follow(stackHost)
        window.child = stackHost.widget
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
