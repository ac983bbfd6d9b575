/// A value the user can pick on a choice page.
public protocol ChoiceOption: CaseIterable, RawRepresentable, Sendable where AllCases == [Self], RawValue == String {
    /// The option's button label.
    var title: String { get }
}
