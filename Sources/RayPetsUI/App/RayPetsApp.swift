import Gtk
import GtkNavigation
import Navigation
import RayPets

/// The RayPets application: on the first "activate", the services every window shares and
/// the `AppCoordinator`, which opens the windows (each a `MainWindow` with its routers and
/// coordinator tree; as many as were open at the last quit); later activations (another
/// launch, forwarded by GApplication over D-Bus) raise the window the user used last. Its
/// identity is in `RayPetsApp+Identity`, its actions in `+Actions`, links in `+Links`, saving
/// and restoring where the user was in `+State`, each window's making and closing in `+Windows`.
@MainActor
public final class RayPetsApp {
    /// The GtkApplication.
    public let application: Application
    /// The application coordinator (every window's), once activated.
    public private(set) var coordinator: AppCoordinator?
    /// The open windows, by their `MainWindow`'s identity: kept from opening to destroy.
    var mainWindows: [ObjectIdentifier: OpenWindow] = [:]
    /// How many windows this run has opened: each window's number in the log.
    var windowsOpened = 0
    let stateStore: StateStore?
    /// Whether a signal asked the process to end (`onTerminationSignals`): a long command-line
    /// job (`--demo-data`) stops at its next look.
    var terminationRequested = false
    /// What the state file holds, as this run last wrote it (`saveState`).
    var savedState: SavedWindows?
    let settingsPath: FilePath
    let databasePath: FilePath?
    var restoresState: Bool
    /// Why the records are read-only, if they are: a banner in every window.
    var readOnlyBanner: String?
    /// Called once, right after the first window's first frame is drawn (the start-up benchmark).
    package var onFirstFrame: (@MainActor (RayPetsApp) -> Void)?
    /// Called once, at the end of the first activation, with the first window's services (the
    /// test app, `Tests/TestApp`, reads changes to the records from stdin there).
    package var onActivated: (@MainActor (ClinicServices) -> Void)?

    /// The app, keeping its settings at `settingsPath` and, with a `statePath`, saving where
    /// the user was (every window) on quit and going back there on the next start.
    /// With `restoresState: false` (`--fresh`) it starts with one window at Home but still
    /// saves on quit. The clinic's records are in the SQLite file at `databasePath` (in memory
    /// without one).
    public init(
        settingsPath: FilePath, statePath: FilePath? = nil, databasePath: FilePath? = nil, restoresState: Bool = true
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
        application.onTerminationSignals { [weak self] in
            self?.terminationRequested = true
            self?.application.quit()
        }
        installCommandLine()
    }

    /// Runs the app until it quits; returns the exit status.
    public func run(arguments: [String] = CommandLine.arguments) -> Int32 { application.run(arguments: arguments) }

    /// The window the user used last, if one is open.
    public var mainWindow: MainWindow? { coordinator?.windows.focused?.window as? MainWindow }

    private func startUp() {
        DesktopStyle.followColorScheme()
        if Resources.exists(Self.resourceBase + "/style.css") {
            CSSProvider(resource: Self.resourceBase + "/style.css").install()
        }
        installActions()
    }

    /// Builds the services and the application coordinator the first time, and opens the
    /// windows: every window the last run had open, each where it was (also when the app
    /// starts for a link: it then opens in the focused one, once they are rebuilt); with
    /// `--fresh`, one at Home (at the size the user's focused window had). Later calls raise
    /// the window the user used last (or open one, if none is).
    func activate() {
        if let coordinator {
            if let focused = coordinator.windows.focused { focused.start() } else { coordinator.openWindow() }
            return
        }
        let database = databasePath.map { ClinicDatabase.open(path: $0) } ?? ClinicDatabase.inMemory()
        if database.isReadOnly {
            // The notices say why; a read-only store without one still says what it means.
            readOnlyBanner =
                (database.notices.isEmpty ? [L("Read-only: changes cannot be saved.")] : database.notices)
                .joined(separator: " ")
        }
        let coordinator = AppCoordinator(
            data: ClinicData(store: database), settings: SettingsStore(path: settingsPath)
        ) { [unowned self] in self.makeWindow() }
        coordinator.onWindowOpened = { [unowned self] window in self.windowOpened(window) }
        self.coordinator = coordinator
        let saved = coordinator.settings.hasCompletedWelcome ? stateStore?.load() : nil
        if restoresState, let saved {
            restore(saved, in: coordinator)
        } else {
            // `--fresh`: the window opens at its saved size all the same, else its next save
            // would forget the size.
            coordinator.openWindow(frame: saved.map { $0.windows[$0.focused].window } ?? nil)
            if !restoresState { reportDiscardedDrafts() }
        }
        keepStateSaved()
        followTheDay()
        // The display gone (the X server ended, `xkill`): the process must end; what the user
        // did is written first, as a quit writes it.
        application.onDisplayLost { [weak self] in
            RayPetsApp.log.warning("lost the connection to the display: saving where every window was, then ending")
            self?.saveState()
        }
        if !database.isReadOnly, !database.notices.isEmpty {
            mainWindow?.showNotice(database.notices.joined(separator: " "))
        }
        if let services = coordinator.windows.focused?.services { onActivated?(services) }
    }
}
