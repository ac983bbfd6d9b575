/// The main window's tabs.
public enum AppTab: String, CaseIterable, Codable, Sendable {
    /// Home, the pets and the clinic.
    case clinic
    /// How to code.
    case learn

    /// The tab's first page, which stays.
    public var root: AppRoute {
        switch self {
        case .clinic: .home
        case .learn: .learn
        }
    }

    /// The switcher label.
    public var title: String {
        switch self {
        case .clinic: L("Clinic")
        case .learn: L("Learn")
        }
    }
}
