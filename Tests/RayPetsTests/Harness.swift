import Navigation
import NavigationTesting
import RayPets

/// A window that only counts how often it was raised.
@MainActor
final class FakeWindow: AppWindow {
    private(set) var presentCount = 0
    func present() { presentCount += 1 }
}

/// The whole app on in-memory hosts: what a user would see, with no GTK at all.
///
/// After every step the harness tracks every coordinator in the tree and every page model on
/// either host, so `live.liveCount` says how many of those are still alive at any moment.
@MainActor
final class AppHarness {
    let mainHost = InMemoryHost<AppRoute>()
    let modalHost = InMemoryHost<AppRoute>()
    let window = FakeWindow()
    let services = ClinicServices()
    let live = LiveObjects()
    let mainRouter: StackRouter<AppRoute>
    let modalRouter: ModalRouter<AppRoute>
    let app: AppCoordinator

    init() {
        mainRouter = StackRouter(host: mainHost)
        modalRouter = ModalRouter(host: modalHost)
        app = AppCoordinator(window: window, router: mainRouter, modalRouter: modalRouter, services: services)
        app.start()
        track()
    }

    /// The Home coordinator (always running).
    var home: HomeCoordinator { app.children[0] as! HomeCoordinator }

    /// Flows started from Home that are still running.
    var flows: [any Coordinator] { home.children }

    /// The route a user sees: the dialog's page when it is open, else the main page.
    var visibleRoute: AppRoute? { modalHost.visibleRoute ?? mainHost.visibleRoute }

    /// Records every reachable coordinator and page model as "seen".
    func track() {
        var queue: [any Coordinator] = [app]
        while let next = queue.popLast() {
            live.track(next)
            queue.append(contentsOf: next.children)
        }
        for page in mainHost.pages + modalHost.pages { live.track(page.model) }
    }

    /// Runs `action`, then tracks what it created.
    func step(_ action: () -> Void) {
        action()
        track()
    }

    // MARK: User actions on the visible page

    func tapHowToCode() { step { mainHost.visibleModel(as: HomeViewModel.self)!.howToCode() } }
    func tapSchedule() { step { mainHost.visibleModel(as: HomeViewModel.self)!.scheduleAppointment() } }
    func tapAction() {
        let host = modalHost.isOpen ? modalHost : mainHost
        step { host.visibleModel(as: MessageViewModel.self)!.performAction() }
    }
    func pick<Option: ChoiceOption>(_ option: Option) {
        step { modalHost.visibleModel(as: ChoiceViewModel<Option>.self)!.select(option) }
    }
    func tapBack() { step { (modalHost.isOpen ? modalHost : mainHost).tapBack() } }
    func tapCancel() { step { modalHost.tapClose() } }
    func closeDialogWindow() { step { modalHost.closeWindow() } }

    /// Live objects beyond the ones that stay for the app's life: the AppCoordinator,
    /// HomeCoordinator and the Home page model.
    var liveBeyondHome: Int { live.liveCount - 3 }
}
