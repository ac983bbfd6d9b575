import Gtk
import GtkNavigation
import Navigation
import RayPets

/// The RayPets application: on the first "activate", the main window, routers, services and
/// coordinator tree; later activations (another launch, forwarded by GApplication over D-Bus)
/// only raise the window. Its identity is in `RayPetsApp+Identity`, its actions in
/// `+Actions`, links in `+Links`, saving and restoring where the user was in `+State`.
@MainActor
public final class RayPetsApp {
    /// The GtkApplication.
    public let application: Application
    /// The main window, once activated.
    public private(set) var mainWindow: MainWindow?
    /// The root coordinator, once activated.
    public private(set) var coordinator: AppCoordinator?
    let stateStore: StateStore?
    private let settingsPath: String
    let databasePath: String?
    var restoresState: Bool
    private var observations: [StackObservation] = []
    /// Called once, right after the main window's first frame is drawn (the start-up benchmark).
    package var onFirstFrame: (@MainActor (RayPetsApp) -> Void)?
    /// Called once, at the end of the first activation, with the services it built (the test
    /// app, `Tests/TestApp`, reads changes to the records from stdin there).
    package var onActivated: (@MainActor (ClinicServices) -> Void)?

    /// The app, keeping its settings at `settingsPath` and, with a `statePath`, saving where
    /// the user was on quit and going back there on the next start.
    /// With `restoresState: false` (`--fresh`) it starts at Home but still saves on quit.
    /// The clinic's records are in the SQLite file at `databasePath` (in memory without one).
    public init(
        settingsPath: String, statePath: String? = nil, databasePath: String? = nil, restoresState: Bool = true
    ) {
        self.settingsPath = settingsPath
        self.databasePath = databasePath
        self.restoresState = restoresState
        stateStore = statePath.map { StateStore(path: $0) }
        application = Application(id: Self.id, opensURIs: true)
        application.onStartup { [weak self] in self?.startUp() }
        application.onActivate { [weak self] in self?.activate() }
        openLinks()
        application.onShutdown { [weak self] in self?.saveState() }
        // A logout, `kill` or Ctrl+C quits as Ctrl+Q does: drafts and where the user was are kept.
        application.onTerminationSignals { [weak self] in self?.application.quit() }
        installCommandLine()
    }

    /// Runs the app until it quits; returns the exit status.
    public func run(arguments: [String] = CommandLine.arguments) -> Int32 { application.run(arguments: arguments) }

    private func startUp() {
        DesktopStyle.followColorScheme()
        if Resources.exists(Self.resourceBase + "/style.css") {
            CSSProvider(resource: Self.resourceBase + "/style.css").install()
        }
        installActions()
    }

    /// Builds the window, routers, services and coordinators the first time; raises the
    /// window later. With `restoring`, goes back to where the last run ended.
    func activate(restoring: Bool = true) {
        if let coordinator {
            coordinator.start()
            return
        }
        let window = MainWindow(application: application)
        window.window.addAction(AppAction.closeWindow) { [weak window] in window?.window.close() }
        // Closing the window ends the app: save where the user was while the pages still exist.
        window.window.onCloseRequest { [weak self] in
            self?.saveState()
            return false
        }
        let database = databasePath.map { ClinicDatabase.open(path: $0) } ?? ClinicDatabase.inMemory()
        let services = ClinicServices(
            data: ClinicData(store: database), settings: SettingsStore(path: settingsPath), feedback: window,
            questions: Questions(router: DialogRouter(host: window.alertHost)))
        if database.isReadOnly {
            // The notices say why; a read-only store without one still says what it means.
            let why = database.notices.isEmpty ? [L("Read-only: changes cannot be saved.")] : database.notices
            window.showBanner(why.joined(separator: " "))
        } else if !database.notices.isEmpty {
            window.showNotice(database.notices.joined(separator: " "))
        }
        let coordinator = AppCoordinator(
            window: window,
            welcomeRouter: StackRouter(host: window.welcomeHost),
            tabs: TabRouter(tabs: AppTab.allCases, host: window.tabHost),
            dialogRouter: DialogRouter(host: window.dialogHost),
            services: services)
        mainWindow = window
        self.coordinator = coordinator
        if let onFirstFrame {
            window.window.onFirstFrame { [weak self] in if let self { onFirstFrame(self) } }
        }
        observations = Self.logTransitions(of: coordinator)
        // The window opens at its saved size whether or not the pages come back (a link's
        // launch, `--fresh`): else its next save would forget the size.
        let saved = services.settings.hasCompletedWelcome ? savedState(sizing: window) : nil
        coordinator.start()
        if restoring, restoresState, let saved { restore(saved, in: coordinator) }
        if restoring, !restoresState { reportDiscardedDraft() }
        onActivated?(services)
    }
}
