import Navigation

/// A page that asks one question and offers a fixed set of answers: visit type,
/// pain level, "Faking it?".
@MainActor
public final class TypedChoiceModel<Option: ChoiceOption>: ChoiceModel {
    /// The page title.
    public let title: String
    /// A line above the title giving context.
    public private(set) var caption: String?
    /// The question asked.
    public private(set) var prompt: String
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

    /// Intent: the option whose raw value is `id` was picked; `false` if there is none.
    @discardableResult
    public func select(option id: String) -> Bool {
        guard let option = options.first(where: { $0.rawValue == id }) else { return false }
        select(option)
        return true
    }

    /// `.choice`.
    public var kind: PageKind { .choice(self) }

    /// Set by the view: called after the text changed.
    public var onChange: (@MainActor () -> Void)?

    /// New text (e.g. the pet it asks about was renamed); the view follows.
    public func update(caption: String?, prompt: String) {
        self.caption = caption
        self.prompt = prompt
        onChange?()
    }

    /// Intent: the option at `index` was picked (out-of-range indexes are ignored).
    public func select(at index: Int) {
        guard options.indices.contains(index) else { return }
        select(options[index])
    }
}
