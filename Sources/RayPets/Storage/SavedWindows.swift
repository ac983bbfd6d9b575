import Navigation

/// Every window's navigation state, in the order the windows were opened, and the one the
/// user used last: what RayPets saves on quit and restores on start (`StateStore`).
public typealias SavedWindows = WindowsSnapshot<NavigationState>

extension WindowsSnapshot where State == NavigationState {
    /// The file format's version: 3 holds a list of windows, 4 their forward pages and
    /// several drafts each. A version 1 or 2 file (one window's lines) reads as one window.
    public static var currentVersion: Int { 4 }

    /// The text saved to disk: `version`, `windows` (how many) and `focused` (which one),
    /// then each window's lines (`NavigationState.encoded`'s, without `version`); the first
    /// window's keys as they are, the others' after `window2.`, `window3.`, ...
    public var encoded: String {
        var pairs = [("version", "\(Self.currentVersion)"), ("windows", "\(windows.count)"), ("focused", "\(focused)")]
        for (index, window) in windows.enumerated() { pairs += window.pairs(prefix: Self.prefix(index)) }
        return KeyValueText.format(pairs)
    }

    /// Reads `text` as written by `encoded`, or an older single window's state. Every
    /// window's lines must be there and valid: a damaged file is refused whole (the last
    /// good one was replaced atomically, so a damaged one was not written by RayPets).
    public init(decoding text: String) throws(NavigationState.DecodingError) {
        let (values, version) = try NavigationState.values(in: text, upTo: Self.currentVersion)
        guard version >= 3 else {
            self.init(windows: [try NavigationState(values: values, prefix: "")])
            return
        }
        guard let countText = values["windows"], let count = Int(countText), count >= 1
        else { throw .corrupt("no windows line") }
        var windows: [NavigationState] = []
        // A count larger than the lines that follow fails at the first missing window.
        for index in 0..<count { windows.append(try NavigationState(values: values, prefix: Self.prefix(index))) }
        let focused = values["focused"].flatMap { Int($0) } ?? 0
        guard windows.indices.contains(focused) else { throw .corrupt("focused window \(focused) does not exist") }
        self.init(windows: windows, focused: focused)
    }

    /// Reads what it can of `text` (a file damaged after RayPets wrote it, or by another
    /// program): lines that are not `key=value` are skipped; a window whose draft cannot be
    /// read is kept without its draft; a window whose other lines cannot be read is left out
    /// (the focus then goes to the first window kept). `dropped` says, for a person, each
    /// thing left out. Throws when the file says no version, or a newer one, or when no
    /// window can be read.
    public static func salvaging(_ text: String) throws(NavigationState.DecodingError) -> (
        windows: SavedWindows, dropped: [String]
    ) {
        let (values, malformed) = KeyValueText.parseSkipping(text)
        var dropped = malformed.map { "the line “\($0)”" }
        guard let versionText = values["version"], let version = Int(versionText) else { throw .corrupt("no version") }
        guard version <= currentVersion else { throw .futureVersion(version) }
        let count = version >= 3 ? values["windows"].flatMap { Int($0) } ?? 0 : 1
        guard count >= 1 else { throw .corrupt("no windows line") }
        let focused = values["focused"].flatMap { Int($0) } ?? 0
        var windows: [NavigationState] = []
        var kept: [Int: Int] = [:]  // old index: new index
        var firstProblem: NavigationState.DecodingError?
        // A count larger than the windows in the file stops at the first window with no lines.
        for index in 0..<min(count, 10_000) {
            let prefix = version >= 3 ? Self.prefix(index) : ""
            guard values.keys.contains(where: { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains(".") })
            else {
                let which = index + 1 == count ? "window \(count)" : "windows \(index + 1) to \(count)"
                dropped.append("\(which) (no lines)")
                break
            }
            do {
                windows.append(try NavigationState(values: values, prefix: prefix))
            } catch {
                firstProblem = firstProblem ?? error
                let withoutDraft = values.filter { !$0.key.hasPrefix(prefix + "draft") }
                guard let window = try? NavigationState(values: withoutDraft, prefix: prefix) else {
                    dropped.append("window \(index + 1) (\(error))")
                    continue
                }
                windows.append(window)
                dropped.append("window \(index + 1)'s unsaved changes (\(error))")
            }
            kept[index] = windows.count - 1
        }
        guard !windows.isEmpty else { throw firstProblem ?? .corrupt("no window") }
        return (SavedWindows(windows: windows, focused: kept[focused] ?? 0), dropped)
    }

    private static func prefix(_ index: Int) -> String { index == 0 ? "" : "window\(index + 1)." }
}
