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
