import Glibc

/// RayPets' small settings file (today: whether the welcome page has been seen).
///
/// The file is `key=value` lines under the XDG config dir, e.g.
/// `~/.config/raypets/settings`. Reading never fails the app: a missing, unreadable or
/// garbled file, or one that is not a regular file (a FIFO, a device: never read nor waited
/// on; the next save replaces it), means "first launch" (and says why through `report`). Writing is atomic —
/// a temporary file in the same folder, flushed, then renamed over the old one — so a crash
/// mid-write leaves the old file or the new one, never half of one.
@MainActor
public final class SettingsStore {
    /// The file's path.
    public let path: FilePath
    /// Whether the user has pressed "Get started" on the welcome page.
    public private(set) var hasCompletedWelcome = false
    private let report: @MainActor (String) -> Void

    private static let welcomeKey = "welcome-completed"

    /// Settings stored at `path`, read now. `report` receives a line for each problem.
    public init(path: FilePath, report: @escaping @MainActor (String) -> Void = AppFiles.reportToStandardError) {
        self.path = path
        self.report = report
        load()
    }

    /// `init(path:report:)` with `path`'s UTF-8 bytes.
    public convenience init(
        path: String, report: @escaping @MainActor (String) -> Void = AppFiles.reportToStandardError
    ) {
        self.init(path: FilePath(path), report: report)
    }

    /// Records that the welcome page is done, and saves. Returns whether the save worked
    /// (if not, the setting still holds for this run).
    @discardableResult
    public func completeWelcome() -> Bool {
        hasCompletedWelcome = true
        return save()
    }

    /// `$XDG_CONFIG_HOME/raypets/settings`, or `~/.config/raypets/settings`.
    public static func defaultPath(environment: (String) -> FilePath? = AppFiles.environmentVariable) -> FilePath {
        AppFiles.path(of: "settings", in: .config, environment: environment)
    }

    // MARK: Reading

    private func load() {
        guard let text = readFile() else { return }
        do {
            hasCompletedWelcome = try KeyValueText.parse(text)[Self.welcomeKey] == "true"
        } catch {
            report("ignoring settings file \(path): unexpected line \"\(error.excerpt)\"; starting as a first launch")
        }
    }

    private func readFile() -> String? {
        if let untrusted = FileCheck.untrustedFileOrFolder(path) {
            report("\(untrusted): not using it; starting as a first launch")
            return nil
        }
        var problem: String?
        let text = AtomicFile.read(path, problem: &problem)
        if let problem { report("cannot read settings file \(path): \(problem); starting as a first launch") }
        return text
    }

    // MARK: Writing

    private func save() -> Bool {
        if let untrusted = FileCheck.untrustedFileOrFolder(path) {
            report("\(untrusted): settings not saved")
            return false
        }
        let contents = KeyValueText.format([(Self.welcomeKey, "\(hasCompletedWelcome)")], comment: "RayPets settings")
        if let problem = AtomicFile.write(contents, to: path) {
            report("\(problem); settings not saved")
            return false
        }
        return true
    }
}
