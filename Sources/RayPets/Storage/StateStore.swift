import Dispatch
import Glibc

/// Where the navigation state (every window's) is saved between runs: `$XDG_STATE_HOME/raypets/navigation`
/// (else `~/.local/state/raypets/navigation`), written atomically with mode 0600.
///
/// A file that cannot be used — corrupt, cut short, from a newer RayPets, or not a regular
/// file (a FIFO, a device: never read nor waited on) — is moved aside as `navigation.corrupt`
/// (`navigation.corrupt-2`, … when that is taken), reported, and the app starts at Home. A
/// file damaged in part is moved aside too, and what can be read of it is restored
/// (`SavedWindows.salvaging`). Nothing is lost silently. The path is bytes
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
        if let untrusted = FileCheck.untrustedFileOrFolder(path) {
            report("\(untrusted): not using it; starting at Home")
            return nil
        }
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
            let (windows, dropped) = try SavedWindows.salvaging(text)
            if !dropped.isEmpty {
                // What could not be read stays in the file, kept for the user; the rest opens.
                let aside = AtomicFile.moveAside(path)
                report(
                    "saved navigation state \(path) is damaged: left out \(dropped.joined(separator: ", ")); "
                        + "moved it to \(aside) and restored the rest")
            }
            return windows
        } catch {
            let aside = AtomicFile.moveAside(path)
            report("saved navigation state \(path) is \(error); moved it to \(aside) and starting at Home")
            return nil
        }
    }

    /// The file's writes, one after another: a write in the background (`saveInBackground`)
    /// and a write that waits (`save`) reach the file in the order they were asked for.
    private let writes = DispatchQueue(label: "raypets.state-writes")
    /// Whether the last write in the background failed (it was reported).
    public private(set) var backgroundWriteFailed = false

    /// Saves `state`, every window's, and returns once it is on disk (after any write in the
    /// background asked for before). Returns whether it worked (a failure is reported).
    @discardableResult
    public func save(_ state: SavedWindows) -> Bool {
        if let untrusted = FileCheck.untrustedFileOrFolder(path) {
            report("\(untrusted): navigation state not saved")
            return false
        }
        let (text, path) = (state.encoded, path)
        if let problem = writes.sync(execute: { AtomicFile.write(text, to: path) }) {
            report("\(problem); navigation state not saved")
            return false
        }
        return true
    }

    /// Saves `state` off the main thread: its text is made here, the write (and its `fsync`,
    /// which can take a frame's time or more on a busy disk) happens in the background, in
    /// order with the other writes. A failure is reported on the main actor and sets
    /// `backgroundWriteFailed`.
    public func saveInBackground(_ state: SavedWindows) {
        if let untrusted = FileCheck.untrustedFileOrFolder(path) {
            backgroundWriteFailed = true
            return report("\(untrusted): navigation state not saved")
        }
        let (text, path) = (state.encoded, path)
        writes.async { [weak self] in
            guard let problem = AtomicFile.write(text, to: path) else { return }
            Task { @MainActor in
                self?.backgroundWriteFailed = true
                self?.report("\(problem); navigation state not saved")
            }
        }
    }
}
