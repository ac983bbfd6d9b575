import Glibc

/// RayPets' small settings file (today: whether the welcome page has been seen).
///
/// The file is `key=value` lines under the XDG config dir, e.g.
/// `~/.config/raypets/settings`. Reading never fails the app: a missing, unreadable or
/// garbled file means "first launch" (and says why through `report`). Writing is atomic —
/// a temporary file in the same folder, flushed, then renamed over the old one — so a crash
/// mid-write leaves the old file or the new one, never half of one.
@MainActor
public final class SettingsStore {
    /// The file's path.
    public let path: String
    /// Whether the user has pressed "Get started" on the welcome page.
    public private(set) var hasCompletedWelcome = false
    private let report: @MainActor (String) -> Void

    private static let welcomeKey = "welcome-completed"

    /// Settings stored at `path`, read now. `report` receives a line for each problem.
    public init(path: String, report: @escaping @MainActor (String) -> Void = SettingsStore.printToStandardError) {
        self.path = path
        self.report = report
        load()
    }

    /// Records that the welcome page is done, and saves. Returns whether the save worked
    /// (if not, the setting still holds for this run).
    @discardableResult
    public func completeWelcome() -> Bool {
        hasCompletedWelcome = true
        return save()
    }

    /// `$XDG_CONFIG_HOME/raypets/settings`, or `~/.config/raypets/settings`.
    public static func defaultPath(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> String {
        if let config = environment("XDG_CONFIG_HOME"), config.hasPrefix("/") {
            return config + "/raypets/settings"
        }
        return (environment("HOME") ?? "/tmp") + "/.config/raypets/settings"
    }

    /// Writes a problem report to standard error.
    public static func printToStandardError(_ message: String) {
        let line = "raypets: \(message)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }

    // MARK: Reading

    private func load() {
        guard let text = readFile() else { return }
        var values: [String: String] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                report("ignoring settings file \(path): unexpected line \"\(line.prefix(40))\"; starting as a first launch")
                return
            }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        hasCompletedWelcome = values[Self.welcomeKey] == "true"
    }

    private func readFile() -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let error = errno
            if error != ENOENT { report("cannot read settings file \(path): \(describe(error)); starting as a first launch") }
            return nil
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                report("cannot read settings file \(path): \(describe(errno)); starting as a first launch")
                return nil
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
            if bytes.count > 64 * 1024 {
                report("settings file \(path) is too large to be ours; starting as a first launch")
                return nil
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            report("settings file \(path) is not text; starting as a first launch")
            return nil
        }
        return text
    }

    // MARK: Writing

    private func save() -> Bool {
        let contents = "# RayPets settings\n\(Self.welcomeKey)=\(hasCompletedWelcome)\n"
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        guard makeFolders(folder) else {
            report("cannot create \(folder): \(describe(errno)); settings not saved")
            return false
        }
        var template = Array((path + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            report("cannot write settings next to \(path): \(describe(errno)); settings not saved")
            return false
        }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let written = contents.withCString { write(fd, $0, strlen($0)) }
        let flushed = fsync(fd) == 0
        close(fd)
        guard written == contents.utf8.count, flushed, rename(temporary, path) == 0 else {
            report("cannot save settings to \(path): \(describe(errno)); settings not saved")
            unlink(temporary)
            return false
        }
        return true
    }

    private func makeFolders(_ folder: String) -> Bool {
        guard !folder.isEmpty else { return true }
        var current = ""
        for part in folder.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o700) != 0 && errno != EEXIST { return false }
        }
        return true
    }

    private func describe(_ error: Int32) -> String { String(cString: strerror(error)) }
}
