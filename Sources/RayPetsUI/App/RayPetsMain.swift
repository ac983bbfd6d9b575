import Glibc
import Gtk
import GtkNavigation
import RayPets

/// What the `raypets` executable does: answers the command-line checks that need no window,
/// finds its data files (next to the binary in a development build, in `../share` when
/// installed), sets up translations and resources, and runs the application.
@MainActor
public enum RayPetsMain {
    /// Runs RayPets with `arguments`; returns the process's exit status. SIGXFSZ is ignored
    /// first: a write past a file-size limit fails as a write (`EFBIG`), like a full disk.
    ///
    /// A parameter that is not a well-formed `raypets://` link (another scheme, a file name,
    /// an empty argument, a link longer than ``DeepLink/maxLength``) prints what is wrong and
    /// exits with status 2 before anything is shown or forwarded to a running instance. The options (`--help`, `--version`, `--list-routes`,
    /// `--fresh`) are GApplication's, declared in `RayPetsApp+CommandLine`.
    public static func run(arguments: [String] = CommandLine.arguments) -> Int32 {
        run(arguments: arguments, configure: { _ in })
    }

    /// `run(arguments:)`, with `configure` called on the app before it runs (the start-up
    /// benchmark uses it to quit at the first frame, the test app to read changes to the
    /// records from stdin).
    package static func run(arguments: [String], configure: (RayPetsApp) -> Void) -> Int32 {
        // A write past the file-size limit (`ulimit -f`, RLIMIT_FSIZE) fails with EFBIG, and is
        // reported like a full disk, instead of SIGXFSZ ending the app with the user's edit.
        signal(SIGXFSZ, SIG_IGN)
        // Every file RayPets makes is the user's alone (SQLite's -wal and -shm too): 0600, and
        // folders 0700, whatever the umask it was started with.
        umask(0o077)
        let binFolder = executableFolder()
        // First, so that what the command line is told is in the user's language too.
        setUpTranslations(localeFolder: translationsFolder(nextTo: binFolder))
        for link in parameters(of: arguments) {
            do {
                // Only the form: which pets exist is for the running app to say; which window
                // (`window=new`) for the app's window rule.
                _ = try DeepLink.parse(LinkWindow.split(link).link, pets: nil)
            } catch {
                AppFiles.reportToStandardError(error.description)
                return 2
            }
        }
        Resources.register(firstOf: [
            binFolder + "/raypets.gresource", binFolder + "/../share/raypets/raypets.gresource",
        ])
        let app = RayPetsApp(
            settingsPath: SettingsStore.defaultPath(), statePath: StateStore.defaultPath(),
            databasePath: ClinicDatabase.defaultPath())
        // A running RayPets that is stopped or frozen would hold this launch for GLib's 25 s,
        // then "Failed to register: Timeout was reached": ask it first, and say so at once.
        if !answersLocally(arguments), case .noAnswer(let seconds) = app.application.runningInstance() {
            let links = parameters(of: arguments)
            AppFiles.reportToStandardError(
                RayPetsApp.noAnswer(
                    seconds: seconds,
                    what: links.isEmpty ? L("no window was opened") : L("the links were not opened")))
            return 1
        }
        configure(app)
        // GTK Inspector's Navigation page: registered before GTK starts (GTK_DEBUG=interactive
        // opens the inspector then), its content made only when the inspector opens.
        NavigationInspector.install { [weak app] in app?.coordinator?.windows }
        return app.run(arguments: arguments)
    }

    /// Whether `arguments` ask for what this process answers by itself (`--version`,
    /// `--help`, `--list-routes`, `--demo-data`, `--export-journal`: the last asks the running
    /// instance in its own way).
    static func answersLocally(_ arguments: [String]) -> Bool {
        let local = ["--version", "--help", "-h", "--help-all", "--list-routes", "--demo-data", "--export-journal"]
        return arguments.dropFirst().prefix { $0 != "--" }.contains { argument in
            local.contains { argument == $0 || argument.hasPrefix($0 + "=") }
        }
    }

    /// The parameters (not options, nor an option's value) of `arguments`: what GApplication
    /// would open as links.
    static func parameters(of arguments: [String]) -> [String] {
        var parameters: [String] = []
        var optionsEnded = false
        var skipsValue = false
        for argument in arguments.dropFirst() {
            if skipsValue {
                skipsValue = false
            } else if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parameters.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else {
                // The one option with a value, given as `--demo-data N`.
                skipsValue = argument == "--demo-data"
            }
        }
        return parameters
    }

    /// The folder holding this executable.
    private static func executableFolder() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return "." }
        let path = buffer.prefix(count).withUnsafeBufferPointer {
            String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    }
}
