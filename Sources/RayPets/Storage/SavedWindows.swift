import Navigation

/// Every window's navigation state, in the order the windows were opened, and the one the
/// user used last: what RayPets saves on quit and restores on start (`StateStore`).
public typealias SavedWindows = WindowsSnapshot<NavigationState>

extension WindowsSnapshot where State == NavigationState {
    /// The file format's version: 3 holds a list of windows. A version 1 or 2 file (one
    /// window's lines) reads as one window.
    public static var currentVersion: Int { 3 }

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

    private static func prefix(_ index: Int) -> String { index == 0 ? "" : "window\(index + 1)." }
}
