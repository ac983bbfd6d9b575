/// The words the navigation chrome shows or speaks. Pass translated ones; the defaults
/// are English.
public struct NavigationLabels: Sendable {
    /// The Back button's accessible name and tooltip.
    public var back: String
    /// The dialog's Cancel button.
    public var cancel: String

    /// Labels with these words.
    public init(back: String = "Back", cancel: String = "Cancel") {
        self.back = back
        self.cancel = cancel
    }
}
