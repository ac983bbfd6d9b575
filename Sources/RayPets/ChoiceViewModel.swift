import Navigation

/// A value the user can pick on a choice page.
public protocol ChoiceOption: CaseIterable, Sendable where AllCases == [Self] {
    /// The option's button label.
    var title: String { get }
}

/// What a view needs from any choice page, whatever its option type.
@MainActor
public protocol ChoiceModel: PageModel {
    /// A line above the title giving context, e.g. "Appointment for Rex".
    var caption: String? { get }
    /// The question asked.
    var prompt: String { get }
    /// The option labels, in order.
    var optionTitles: [String] { get }
    /// Intent: the option at `index` was picked.
    func select(at index: Int)
}

/// A page that asks one question and offers a fixed set of answers: visit type,
/// pain level, "Faking it?".
@MainActor
public final class ChoiceViewModel<Option: ChoiceOption>: ChoiceModel {
    /// The page title.
    public let title: String
    /// A line above the title giving context.
    public let caption: String?
    /// The question asked.
    public let prompt: String
    /// The answers, in order.
    public let options: [Option]
    /// Set by the coordinator: what picking an option does.
    public var onSelect: (@MainActor (Option) -> Void)?

    /// A choice page over all of `Option`'s cases.
    public init(title: String, caption: String? = nil, prompt: String, options: [Option] = Option.allCases) {
        self.title = title
        self.caption = caption
        self.prompt = prompt
        self.options = options
    }

    /// The option labels, in order.
    public var optionTitles: [String] { options.map(\.title) }

    /// Intent: `option` was picked.
    public func select(_ option: Option) { onSelect?(option) }

    /// Intent: the option at `index` was picked (out-of-range indexes are ignored).
    public func select(at index: Int) {
        guard options.indices.contains(index) else { return }
        select(options[index])
    }
}

extension VisitType: ChoiceOption {
    /// L("Well") / L("Sick").
    public var title: String {
        switch self {
        case .well: L("Well")
        case .sick: L("Sick")
        }
    }
}

extension PainLevel: ChoiceOption {
    /// L("None") ... L("Worst possible").
    public var title: String {
        switch self {
        case .none: L("None")
        case .aLittle: L("A little")
        case .moderate: L("Moderate")
        case .severe: L("Severe")
        case .worstPossible: L("Worst possible")
        }
    }
}

extension FakingAnswer: ChoiceOption {
    /// L("It's fake") / L("It's not fake").
    public var title: String {
        switch self {
        case .fake: L("It's fake")
        case .notFake: L("It's not fake")
        }
    }
}
