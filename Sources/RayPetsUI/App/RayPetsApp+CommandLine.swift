import Glibc
import Gtk
import RayPets

extension RayPetsApp {
    /// RayPets' command line, as GNOME apps have it: GApplication parses it, `--help` lists
    /// every option, and links (`raypets://…`) are its parameters.
    func installCommandLine() {
        application.addOption("fresh", description: L("Start at Home instead of where the last run ended"))
        application.addOption("list-routes", description: L("Print the forms of raypets:// links and exit"))
        application.addOption("version", description: L("Print the version and exit"))
        application.addOption(
            "export-journal",
            description: L("Write the running RayPets' navigation journal to FILE (for a bug report) and exit"),
            argument: L("FILE"))
        application.addOption(
            "demo-data", description: L("Add N made-up pets with histories to the records and exit"),
            argument: L("N"))
        application.setCommandLineHelp(
            parameters: L("[raypets://LINK…]"),
            summary: L("RayPets: the pet clinic app. A link opens its page, in the running window if there is one."))
        application.onLocalOptions { [weak self] given in
            if given.contains("version") {
                print("raypets \(AppInfo.version)")
                return 0
            }
            if given.contains("list-routes") {
                print(DeepLink.forms.joined(separator: "\n"))
                print(
                    L(
                        "Any of them with window=new in its query opens in a new window: {example}",
                        ["example": "raypets://clinic/pets/rex?window=new"]))
                return 0
            }
            if given.contains("export-journal") {
                return self?.exportRunningJournal(to: self?.application.optionValues["export-journal"] ?? "") ?? 1
            }
            if given.contains("demo-data") {
                return self?.addDemoData(count: self?.application.optionValues["demo-data"] ?? "") ?? 1
            }
            if given.contains("fresh") { self?.restoresState = false }
            return nil
        }
    }
}

extension RayPetsApp {
    /// The most `--demo-data` adds at once.
    static let maxDemoPets = 10_000_000

    /// `--demo-data=N`: adds `text` (a number) made-up pets (with histories) to the records in one
    /// transaction and says how many on standard output. Exit status 0, or 1 (nothing
    /// added, the reason on standard error) for a bad count or records that cannot be changed.
    /// Ctrl+C, SIGTERM or SIGHUP stop it within a second (a look every 1,000 pets): those added
    /// so far are kept, it says how many, and the exit status is 1.
    func addDemoData(count text: String) -> Int32 {
        guard let count = Int(text), (1...Self.maxDemoPets).contains(count) else {
            AppFiles.reportToStandardError(
                L(
                    "--demo-data needs a number of pets from 1 to {max}, not “{text}”",
                    ["max": String(Self.maxDemoPets), "text": text]))
            return 1
        }
        let database = databasePath.map { ClinicDatabase.open(path: $0) } ?? ClinicDatabase.inMemory()
        do {
            // The signals' handlers run on the main loop: a turn of it at each look.
            let added = try database.addDemoPets(count: count) { [weak self] in
                while MainLoop.iterate() {}
                return self?.terminationRequested ?? true
            }
            print(
                Ln(
                    "Added {count} pet to {file}", "Added {count} pets to {file}", count: added,
                    ["file": databasePath?.description ?? ":memory:"]))
            if terminationRequested {
                AppFiles.reportToStandardError(L("Stopped before all were added: the pets added so far are kept."))
                return 1
            }
            return 0
        } catch {
            AppFiles.reportToStandardError(error.userMessage)
            return 1
        }
    }
}

extension RayPetsApp {
    /// `--export-journal=FILE`: asks the running RayPets (over D-Bus, `app.export-journal`,
    /// without taking the application's name) to write its navigation journal to FILE, waits
    /// up to 5 s for it to answer, and says where the file is. Exit status 0; 1 (the reason on
    /// standard error) when no RayPets is running, it did not answer, or the file was not
    /// written.
    func exportRunningJournal(to text: String) -> Int32 {
        guard !text.isEmpty else {
            AppFiles.reportToStandardError(L("--export-journal needs a file to write"))
            return 1
        }
        // The running app has its own working folder: give it the whole path.
        var path = text
        if !path.hasPrefix("/"), let folder = getcwd(nil, 0) {
            path = String(cString: folder) + "/" + path
            free(folder)
        }
        // Refused here already, where the terminal waits, when it names a file of RayPets' own
        // as this launch finds them (the running RayPets checks against its own too).
        if let refusal = JournalExport.refusal(of: FilePath(path), sparing: ownFiles) {
            AppFiles.reportToStandardError(refusal)
            return 1
        }
        let before = Self.modified(path)
        switch application.activateInRunningInstance(AppAction.exportJournal, argument: path) {
        case .answered: break
        case .none:
            AppFiles.reportToStandardError(L("RayPets is not running: start it, then export its navigation journal"))
            return 1
        case .noAnswer(let seconds):
            AppFiles.reportToStandardError(Self.noAnswer(seconds: seconds, what: L("no journal was written")))
            return 1
        case .failed:
            AppFiles.reportToStandardError(L("The running RayPets could not be asked: no journal was written"))
            return 1
        }
        // It answers once its action ran: the file is written, or its log says why not.
        if let written = Self.modified(path), written != before {
            print(L("Wrote the navigation journal to {file}", ["file": path]))
            return 0
        }
        AppFiles.reportToStandardError(
            L("The running RayPets did not write {file}: its log says why", ["file": path]))
        return 1
    }

    /// What a launch says when the running RayPets did not answer in `seconds`, and `what`
    /// that means for the request.
    static func noAnswer(seconds: Int, what: String) -> String {
        L(
            "The running RayPets did not answer in {seconds} s (it may be stopped or frozen): {what}",
            ["seconds": String(seconds), "what": what])
    }

    /// When the file at `path` was last changed (with its inode: a file replaced in the same
    /// second counts), or `nil` if there is none.
    private static func modified(_ path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [Int(info.st_ino), info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
    }
}
