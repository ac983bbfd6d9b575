import Gtk
import GtkNavigation
import GtkTesting
import Navigation
import NavigationTesting

enum TestRoute: NavigationRoute { case root, a, b, c }

@MainActor
final class TitledModel: PageModel {
    let title: String
    init(_ title: String) { self.title = title }
}

/// A page view with a label and a button, watched for finalization.
@MainActor
final class TestPageView: PageView {
    let widget: Widget
    let initialFocus: Widget?
    init(_ page: Page<TestRoute>) {
        let box = Box(.vertical)
        let button = Button(label: "Go on from \(page.title)")
        box.append(Label(page.title))
        box.append(button)
        widget = box
        initialFocus = button
    }
}

/// A page whose main control is a text entry, or (`button: true`) a button that
/// `removeMainControl()` takes off the page while the view still names it as `initialFocus`,
/// as a view whose rows were replaced might; a Help button stays.
@MainActor
final class EntryPageView: PageView {
    let widget: Widget
    let initialFocus: Widget?
    private let main = Box(.vertical)
    init(_ page: Page<TestRoute>, button: Bool) {
        let box = Box(.vertical)
        box.append(Label(page.title))
        let control: Widget = button ? Button(label: "Go on") : Entry()
        main.append(control)
        box.append(main)
        box.append(Button(label: "Help"))
        widget = box
        initialFocus = control
    }
    func removeMainControl() { main.removeAll() }
}

/// A main window with a stack host and a dialog host in its layer, and finalization counters
/// for every page widget and dialog card they create.
@MainActor
final class HostFixture {
    let window = Window()
    let stackHost: GtkStackHost<TestRoute>
    let dialogHost: GtkDialogHost<TestRoute>
    let router: StackRouter<TestRoute>
    let dialog: ModalRouter<TestRoute>
    let pageWidgets = FinalizationCounter()
    let dialogs = FinalizationCounter()
    let navigation: BackNavigation
    private let header = HeaderBar()
    private let windowEnd: WindowEnd
    let layer: ModalLayer

    init(
        makeView: @escaping PageViewFactory<TestRoute> = { TestPageView($0) },
        dialogView: @escaping PageViewFactory<TestRoute> = { TestPageView($0) }
    ) {
        stackHost = GtkStackHost(window: window, makeView: makeView)
        layer = ModalLayer(window: window, header: header, content: stackHost.widget)
        dialogHost = GtkDialogHost(layer: layer, makeView: dialogView)
        router = StackRouter(host: stackHost)
        dialog = ModalRouter(host: dialogHost)
        navigation = BackNavigation(window: window)
        navigation.follow(stackHost)
        header.packStart(navigation.backButton)
        window.setDefaultSize(width: 400, height: 300)
        windowEnd = WindowEnd(window)
        stackHost.onViewCreated = { [pageWidgets] in pageWidgets.watch($0.widget) }
        dialogHost.onViewCreated = { [pageWidgets] in pageWidgets.watch($0.widget) }
        dialogHost.onCardCreated = { [dialogs] in dialogs.watch($0) }
        window.present()
        GtkTestDriver.runUntilShown(window, timeout: 5 * timeScale)
    }

    /// Runs the loop until no stack transition is running on screen (one on a stack whose
    /// window was destroyed mid-slide never ends: no frame comes for it).
    func settle() {
        waitLoop(until: {
            [stackHost.stack, dialogHost.stack].allSatisfy { stack in
                !(stack?.isMapped ?? false) || !(stack?.isTransitionRunning ?? false)
            }
        })
        MainLoop.run(until: { !MainLoop.iterate() }, timeout: 1)
    }

    /// Lets the loop run, then the navigation work that set off (a guard's question, a request
    /// after it), then the slides.
    func settleAsync() async {
        await MainLoop.idle()
        await NavigationTesting.settle()
        settle()
    }

    /// Whether all but `count` of the dialog cards made are freed, waiting up to 2 s: a card's
    /// last reference is its Swift wrapper's, whose isolated deinit, when a GTK signal's handler
    /// (a click on Cancel) lets it go, runs as a main-actor job on a later turn of the loop.
    func cardsFreed(leaving count: Int) -> Bool {
        waitLoop(until: { self.dialogs.alive == count }, timeout: 2)
    }

    /// Closes the main window and lets GTK finish.
    func tearDown() {
        windowEnd.destroy()
        settle()
    }
}

/// Destroys a window and waits until GTK has let go of it. `gtk_window_destroy` hides the
/// window and drops GTK's own reference; its "destroy" signal, where the hosts end their
/// flows and dialogs go with their parent, comes when the last reference goes: GTK's work on
/// the closing window holds one for a few turns of the loop (three here; more under valgrind
/// on a loaded machine, where a test saw the dialog's flow still open after its settle).
@MainActor
final class WindowEnd {
    private let window: Window
    private(set) var isDestroyed = false

    init(_ window: Window) {
        self.window = window
        window.onDestroy { [weak self] in self?.isDestroyed = true }
    }

    func destroy() {
        window.destroy()  // nothing when it was destroyed before
        if !waitLoop(until: { self.isDestroyed }) {  // a warning: the test fails
            Log(domain: "GtkTests").warning("the window was not destroyed: something still holds it")
        }
    }
}
