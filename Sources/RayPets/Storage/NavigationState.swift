/// The whole navigation state as one value: the visible tab, each tab's stack, the dialog's
/// stack (and the one answer its pages don't show). Saved on quit, restored on start.
public struct NavigationState: Equatable, Codable, Sendable {
    /// The format's version; a file from a newer RayPets is not guessed at.
    public static let currentVersion = 1

    /// The tab shown.
    public var tab: AppTab
    /// Each tab's routes, root first.
    public var stacks: [AppTab: [AppRoute]]
    /// The dialog's routes; empty when it is closed.
    public var modal: [AppRoute]
    /// The pain level answered in the dialog (its later pages don't show which), if any.
    public var pain: PainLevel?

    /// A state.
    public init(tab: AppTab, stacks: [AppTab: [AppRoute]], modal: [AppRoute], pain: PainLevel? = nil) {
        self.tab = tab
        self.stacks = stacks
        self.modal = modal
        self.pain = pain
    }

    /// The text saved to disk: `key=value` lines, routes as tokens.
    public var encoded: String {
        var pairs = [("version", "\(Self.currentVersion)"), ("tab", tab.rawValue)]
        for tab in AppTab.allCases {
            pairs.append((tab.rawValue, (stacks[tab] ?? []).map(\.token).joined(separator: ",")))
        }
        pairs.append(("dialog", modal.map(\.token).joined(separator: ",")))
        if let pain { pairs.append(("pain", pain.rawValue)) }
        return KeyValueText.format(pairs)
    }

    /// Why a saved state was refused.
    public enum DecodingError: Error, Equatable, CustomStringConvertible {
        /// The file is damaged or cut short.
        case corrupt(String)
        /// The file was written by a newer RayPets.
        case futureVersion(Int)

        /// A one-line explanation.
        public var description: String {
            switch self {
            case .corrupt(let why): "corrupt (\(why))"
            case .futureVersion(let version):
                "written by a newer RayPets (format \(version), this one reads \(NavigationState.currentVersion))"
            }
        }
    }

    /// Reads `text` as written by `encoded`.
    public init(decoding text: String) throws(DecodingError) {
        let values: [String: String]
        do { values = try KeyValueText.parse(text) } catch { throw .corrupt("line without '='") }
        guard let versionText = values["version"], let version = Int(versionText) else { throw .corrupt("no version") }
        guard version <= Self.currentVersion else { throw .futureVersion(version) }
        guard let tabText = values["tab"], let tab = AppTab(rawValue: tabText) else { throw .corrupt("no tab") }
        func routes(_ key: String) throws(DecodingError) -> [AppRoute] {
            guard let list = values[key] else { throw .corrupt("no \(key) line") }
            var routes: [AppRoute] = []
            for token in list.split(separator: ",") {
                guard let route = AppRoute(token: String(token)) else { throw .corrupt("unknown page \(token)") }
                routes.append(route)
            }
            return routes
        }
        var stacks: [AppTab: [AppRoute]] = [:]
        for tab in AppTab.allCases { stacks[tab] = try routes(tab.rawValue) }
        let modal = try routes("dialog")
        var pain: PainLevel?
        if let text = values["pain"] {
            guard let level = PainLevel(rawValue: text) else { throw .corrupt("unknown pain level") }
            pain = level
        }
        self.init(tab: tab, stacks: stacks, modal: modal, pain: pain)
    }
}
