import Glibc

/// Where RayPets keeps its files, by the XDG base-directory rules, and how it reports a
/// problem with one.
public enum AppFiles {
    /// The XDG folders RayPets uses.
    public enum Folder: Sendable {
        /// `$XDG_CONFIG_HOME`, else `~/.config`: settings.
        case config
        /// `$XDG_STATE_HOME`, else `~/.local/state`: where the user was.
        case state
        /// `$XDG_DATA_HOME`, else `~/.local/share`: the clinic's records.
        case data

        var variable: String {
            switch self {
            case .config: "XDG_CONFIG_HOME"
            case .state: "XDG_STATE_HOME"
            case .data: "XDG_DATA_HOME"
            }
        }

        var fallback: String {
            switch self {
            case .config: "/.config"
            case .state: "/.local/state"
            case .data: "/.local/share"
            }
        }
    }

    /// `<folder>/raypets/<name>`, as bytes: the folder's bytes as the environment holds them
    /// (not necessarily UTF-8), so that the app uses the very folder the user named. A
    /// relative `XDG_*` value is ignored, as the specification says. With no `HOME` (a
    /// service, `env -i`), the home the password database gives the user; with none there
    /// either, `/nonexistent` (Debian's home for users without one), where nothing can be
    /// made: the app then says it cannot save. Never a folder others share, such as `/tmp`.
    public static func path(
        of name: String, in folder: Folder, environment: (String) -> FilePath? = AppFiles.environmentVariable
    ) -> FilePath {
        if let base = environment(folder.variable), base.isAbsolute { return base + ("/raypets/" + name) }
        let home = environment("HOME").flatMap { $0.isAbsolute ? $0 : nil } ?? passwordDatabaseHome() ?? "/nonexistent"
        return home + (folder.fallback + "/raypets/" + name)
    }

    /// The user's home in the password database (`getpwuid_r`), if it names one.
    nonisolated static func passwordDatabaseHome() -> FilePath? {
        var buffer = [CChar](repeating: 0, count: 16_384)
        // The entry's strings live in `buffer`: read them inside its closure.
        let path: FilePath? = buffer.withUnsafeMutableBufferPointer { storage in
            var entry = passwd()
            var found: UnsafeMutablePointer<passwd>?
            guard let start = storage.baseAddress, getpwuid_r(geteuid(), &entry, start, storage.count, &found) == 0,
                found != nil,
                let home = entry.pw_dir
            else { return nil }
            return FilePath(bytes: UnsafeBufferPointer(start: home, count: strlen(home)).map { UInt8(bitPattern: $0) })
        }
        return path?.isAbsolute == true ? path : nil
    }

    /// The value of the environment variable `name`, as its bytes.
    public nonisolated static func environmentVariable(_ name: String) -> FilePath? {
        getenv(name).map {
            FilePath(bytes: UnsafeBufferPointer(start: $0, count: strlen($0)).map { UInt8(bitPattern: $0) })
        }
    }

    /// The most characters of one line of `message` that `reportToStandardError` writes: a
    /// longer line (a 5 MB link sent over D-Bus, say) is cut there, with "…" and its length.
    public static let maxReportLineLength = 1000

    /// Writes `raypets: <message>` as a line to standard error: how a problem with a file
    /// (or the command line) reaches the user when there is no window to show it in. Control
    /// characters in `message` (but new lines) are written as escapes such as `\u{1B}`, so
    /// a name or a link in it cannot steer the terminal. Each line of `message` longer than
    /// ``maxReportLineLength`` characters (escapes included) is cut to that length and says
    /// so: `… (cut: 5000017 bytes in all)`.
    public nonisolated static func reportToStandardError(_ message: String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(reportLine)
        let text = "raypets: \(lines.joined(separator: "\n"))\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
    }

    /// `line` with its control characters escaped, cut to ``maxReportLineLength`` characters.
    /// Only the part that is kept is escaped: a long line costs no more than a short one.
    private nonisolated static func reportLine(_ line: Substring) -> String {
        let end = line.index(line.startIndex, offsetBy: maxReportLineLength, limitedBy: line.endIndex) ?? line.endIndex
        let escaped = String(line[..<end]).escapingControls
        guard end < line.endIndex || escaped.count > maxReportLineLength else { return escaped }
        return String(escaped.prefix(maxReportLineLength))
            + L("… (cut: {count} bytes in all)", ["count": String(line.utf8.count)])
    }
}
