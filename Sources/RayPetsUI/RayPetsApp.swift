import Gtk
import GtkNavigation
import Navigation
import RayPets

/// The RayPets application: its identity, its actions and accelerators, and — on the first
/// "activate" — the main window, routers, services and coordinator tree. Later activations
/// (another launch, forwarded by GApplication over D-Bus) only raise the window.
@MainActor
public final class RayPetsApp {
    /// The app id: GApplication id, desktop file, metainfo, icon and resource base path.
    public static let id = "io.github.raypets.RayPets"
    /// Where the GResource bundle's files live.
    public static let resourceBase = "/io/github/raypets/RayPets"
    /// Every user command with a keyboard accelerator.
    public static let accelerators: [(action: String, accelerator: String)] = [
        ("win.back", "<Alt>Left"),
        ("win.close", "<Control>w"),
        ("app.quit", "<Control>q"),
        ("app.shortcuts", "<Control>question"),
    ]

    /// The GtkApplication.
    public let application: Application
    /// The main window, once activated.
    public private(set) var mainWindow: MainWindow?
    /// The root coordinator, once activated.
    public private(set) var coordinator: AppCoordinator?
    private let settingsPath: String
    private let stateStore: StateStore?
    private let restoresState: Bool
    private var observations: [StackObservation] = []

    /// The app, keeping its settings at `settingsPath` and, with a `statePath`, saving where
    /// the user was on quit and going back there on the next start.
    /// With `restoresState: false` (`--fresh`) it starts at Home but still saves on quit.
    public init(settingsPath: String, statePath: String? = nil, restoresState: Bool = true) {
        self.settingsPath = settingsPath
        self.restoresState = restoresState
        stateStore = statePath.map { StateStore(path: $0) }
        application = Application(id: Self.id, opensURIs: true)
        application.onStartup { [weak self] in self?.startUp() }
        application.onActivate { [weak self] in self?.activate() }
        application.onOpen { [weak self] uris in self?.open(uris) }
        application.onShutdown { [weak self] in self?.saveState() }
    }

    /// Runs the app until it quits; returns the exit status.
    public func run(arguments: [String] = CommandLine.arguments) -> Int32 { application.run(arguments: arguments) }

    /// Registers the app-wide actions and every accelerator (also called by tests).
    public func installActions() {
        application.addAction("quit") { [weak self] in self?.application.quit() }
        application.addAction("about") { [weak self] in self?.showAbout() }
        application.addAction("shortcuts") { [weak self] in self?.showShortcuts() }
        application.addAction("open-route", taking: { [weak self] uri in self?.open([uri]) })
        for (action, accelerator) in Self.accelerators {
            application.setAccelerator(accelerator, for: action)
        }
    }

    private func startUp() {
        Settings.followDesktopColorScheme()
        if Resources.exists(Self.resourceBase + "/style.css") {
            CSSProvider(resource: Self.resourceBase + "/style.css").install()
        }
        installActions()
    }

    private func activate(restoring: Bool = true) {
        if let coordinator {
            coordinator.start()
            return
        }
        let window = MainWindow(application: application)
        window.window.addAction("close") { [weak window] in window?.window.close() }
        // Closing the window ends the app: save where the user was while the pages still exist.
        window.window.onCloseRequest { [weak self] in
            self?.saveState()
            return false
        }
        let services = ClinicServices(settings: SettingsStore(path: settingsPath))
        let coordinator = AppCoordinator(
            window: window,
            welcomeRouter: StackRouter(host: window.welcomeHost),
            tabs: TabRouter(tabs: AppTab.allCases, host: window.tabHost),
            modalRouter: ModalRouter(host: window.modalHost),
            services: services)
        mainWindow = window
        self.coordinator = coordinator
        if SettingsStore.environmentVariable("RAYPETS_BENCH_FIRST_FRAME") == "1" {
            // Benchmarks: report when the first frame is on screen, then quit.
            window.window.onFirstFrame { [weak self] in
                print("first-frame \(MainLoop.now)")
                self?.application.quit()
            }
        }
        logTransitions(of: coordinator)
        coordinator.start()
        if restoring, restoresState, services.settings.hasCompletedWelcome, let state = stateStore?.load() {
            Task { @MainActor in
                if !(await coordinator.restore(state)) { Log.warning("could not restore every saved page") }
            }
        }
    }

    private func saveState() {
        guard let coordinator, coordinator.services.settings.hasCompletedWelcome else { return }
        let state = coordinator.navigationState
        // After the window is gone its stacks are empty: keep what was saved when it closed.
        guard state.stacks.values.allSatisfy({ !$0.isEmpty }) else { return }
        stateStore?.save(state)
    }

    /// Opens `raypets://` links (from this launch's command line or a later one's): raises the
    /// window and walks to each link's page. A bad link is reported and the screen stays.
    private func open(_ uris: [String]) {
        activate(restoring: false)
        guard let coordinator else { return }
        for uri in uris {
            do {
                let link = try DeepLink.parse(uri, pets: coordinator.services.pets.pets)
                Log.debug("opening \(link.uri)")
                Task { @MainActor in await coordinator.open(link) }
            } catch {
                // A bad link is not fatal: say so, and leave the screen as it is.
                Log.warning(error.description)
                mainWindow?.showNotice(L("Cannot open {link}: {problem}", ["link": uri, "problem": error.problem]))
            }
        }
    }

    private func showAbout() {
        let info = AboutInfo(
            name: L("RayPets"), version: AppInfo.version,
            comments: L("Book visits to the pet clinic and keep your pets' details."),
            website: "https://github.com/raypets/raypets", iconName: Self.id,
            author: L("The RayPets developers"), translators: L("translator-credits"))
        Window.aboutDialog(info, parent: mainWindow?.window).present()
    }

    /// Logs every stack change through GLib (see it with `G_MESSAGES_DEBUG=raypets`).
    private func logTransitions(of coordinator: AppCoordinator) {
        for tab in AppTab.allCases {
            observations.append(coordinator.tabs.router(for: tab).observe { pages in
                Log.debug("\(tab.rawValue) tab: \(pages.map { "\($0.route)" }.joined(separator: " > "))")
            })
        }
        if let modal = coordinator.dialogStack {
            observations.append(modal.observe { pages in
                Log.debug("dialog: \(pages.isEmpty ? "closed" : pages.map { "\($0.route)" }.joined(separator: " > "))")
            })
        }
    }

    private func showShortcuts() {
        guard let shortcuts = Window.fromBuilderResource(Self.resourceBase + "/gtk/shortcuts.ui", name: "shortcuts")
        else { return }
        shortcuts.setTransient(for: mainWindow?.window)
        shortcuts.present()
    }
}
