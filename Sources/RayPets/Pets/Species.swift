/// What kind of animal a pet is.
public enum Species: String, CaseIterable, Codable, Sendable {
    case dog, cat, rabbit, fish, bird, other

    /// "Dog", "Cat", ...
    public var title: String {
        switch self {
        case .dog: L("Dog")
        case .cat: L("Cat")
        case .rabbit: L("Rabbit")
        case .fish: L("Fish")
        case .bird: L("Bird")
        case .other: L("Other")
        }
    }
}
