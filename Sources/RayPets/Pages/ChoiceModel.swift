import Navigation

/// What a view needs from any choice page, whatever its option type.
@MainActor
public protocol ChoiceModel: AppPageModel, ChangingModel {
    /// A line above the title giving context, e.g. "Appointment for Rex".
    var caption: String? { get }
    /// The question asked.
    var prompt: String { get }
    /// The option labels, in order.
    var optionTitles: [String] { get }
    /// Intent: the option at `index` was picked.
    func select(at index: Int)
    /// Intent: the option whose raw value is `id` was picked; `false` if there is none.
    @discardableResult
    func select(option id: String) -> Bool
}
