import Gtk
import GtkNavigation
import Navigation
import RayPets

/// The main window: a header bar with the Back button and the page stack, plus the host
/// for modal dialogs over it. Implements `AppWindow` for the `AppCoordinator`.
@MainActor
public final class MainWindow: AppWindow {
    /// The GtkWindow.
    public let window: Window
    /// The main page stack's host (give it to a `StackRouter`).
    public let stackHost: GtkStackHost<AppRoute>
    /// The dialog host (give it to a `ModalRouter`).
    public let modalHost: GtkModalHost<AppRoute>
    private let header = HeaderBar()

    /// A main window belonging to `application`.
    public init(application: Application?) {
        window = Window(application: application)
        window.title = "RayPets"
        window.setDefaultSize(width: 560, height: 520)
        stackHost = GtkStackHost(window: window, makeView: ViewFactory.makeView(for:))
        modalHost = GtkModalHost(parent: window, makeView: ViewFactory.makeView(for:))
        header.packStart(stackHost.backButton)
        window.titlebar = header
        window.child = stackHost.widget
    }

    /// Shows and raises the window.
    public func present() { window.present() }
}
