import Navigation

/// The app's main window, as the coordinators see it: something to bring to the front.
/// `RayPetsUI` implements it with a GtkWindow; tests with a fake.
@MainActor
public protocol AppWindow: AnyObject {
    /// Shows the window and raises it.
    func present()
}

/// The root of the coordinator tree. It owns the main window and the routers, creates the
/// services once, and starts Home.
@MainActor
public final class AppCoordinator: Coordinator {
    /// Home, once started.
    public var children: [any Coordinator] = []
    /// The main window's stack.
    public let router: any Router<AppRoute>
    /// The main window.
    public let window: any AppWindow
    /// The services every flow shares.
    public let services: ClinicServices
    private let modalRouter: any Router<AppRoute>
    private var started = false

    /// The app over `window`, pushing on `router` and opening dialogs through `modalRouter`.
    public init(
        window: any AppWindow, router: any Router<AppRoute>, modalRouter: any Router<AppRoute>,
        services: ClinicServices = ClinicServices()
    ) {
        self.window = window
        self.router = router
        self.modalRouter = modalRouter
        self.services = services
    }

    /// Starts the app the first time; later calls (another launch) just raise the window.
    public func start() {
        if !started {
            started = true
            present(animated: false, onDismissed: nil)
        }
        window.present()
    }

    /// Shows Home as the root page.
    public func present(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let home = HomeCoordinator(router: router, modalRouter: modalRouter, services: services)
        presentChild(home, animated: animated, onDismissed: onDismissed)
    }
}
