import Glibc

/// Where the navigation state (every window's) is saved between runs: `$XDG_STATE_HOME/raypets/navigation`
/// (else `~/.local/state/raypets/navigation`), written atomically with mode 0600.
///
/// A file that cannot be used — corrupt, cut short, from a newer RayPets, or not a regular
/// file (a FIFO, a device: never read nor waited on) — is moved aside as `navigation.corrupt`,
/// reported, and the app starts at Home. Nothing is lost silently. The path is bytes
/// (`FilePath`): a folder whose name is not UTF-8 is used as it is.
@MainActor
public final class StateStore {
    /// The file's path.
    public let path: FilePath
    private let report: @MainActor (String) -> Void

    /// A store at `path`, reporting problems through `report`.
    public init(path: FilePath, report: @escaping @MainActor (String) -> Void = AppFiles.reportToStandardError) {
        self.path = path
        self.report = report
    }

    /// `init(path:report:)` with `path`'s UTF-8 bytes.
    public convenience init(
        path: String, report: @escaping @MainActor (String) -> Void = AppFiles.reportToStandardError
    ) {
        self.init(path: FilePath(path), report: report)
    }

    /// `$XDG_STATE_HOME/raypets/navigation`, or `~/.local/state/raypets/navigation`.
    public static func defaultPath(environment: (String) -> FilePath? = AppFiles.environmentVariable) -> FilePath {
        AppFiles.path(of: "navigation", in: .state, environment: environment)
    }

    /// The saved windows, or `nil` (no file, or a bad one, moved aside and reported).
    public func load() -> SavedWindows? {
        var problem: String?
        guard let text = AtomicFile.read(path, problem: &problem) else {
            guard let problem else { return nil }  // no file
            guard path.access(R_OK) else {
                report("cannot read \(path): \(problem); starting at Home")
                return nil
            }
            // Readable, but not a state (random bytes, too large): keep it for the user.
            let aside = AtomicFile.moveAside(path)
            report("saved navigation state \(path) is unusable (\(problem)); moved it to \(aside) and starting at Home")
            return nil
        }
        do {
            return try SavedWindows(decoding: text)
        } catch {
            let aside = AtomicFile.moveAside(path)
            report("saved navigation state \(path) is \(error); moved it to \(aside) and starting at Home")
            return nil
        }
    }

    /// Saves `state`, every window's. Returns whether it worked (a failure is reported).
    @discardableResult
    public func save(_ state: SavedWindows) -> Bool {
        if let problem = AtomicFile.write(state.encoded, to: path) {
            report("\(problem); navigation state not saved")
            return false
        }
        return true
    }
}
