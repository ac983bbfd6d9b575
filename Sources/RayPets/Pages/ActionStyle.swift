/// How an action button looks. The colours are CSS classes, so themes can restyle them.
public enum ActionStyle: String, Sendable, CaseIterable {
    case plain, suggested, red, orange, green, blue

    /// The CSS class the view adds to the button (`nil` for `plain`).
    public var cssClass: String? {
        switch self {
        case .plain: nil
        case .suggested: "suggested-action"
        default: "step-\(rawValue)"
        }
    }
}
