/// The four steps of "How to code", in order.
public enum HowToCodeStep: Int, CaseIterable, Codable, Sendable {
    case wakeUp = 1
    case goOut, fiveHundredLines, shipIt

    /// The step's title.
    public var title: String {
        switch self {
        case .wakeUp: L("I wake up")
        case .goOut: L("I go out")
        case .fiveHundredLines: L("500 lines")
        case .shipIt: L("Ship it!")
        }
    }

    /// What the step says.
    public var text: String {
        switch self {
        case .wakeUp: L("I wake up, make coffee and read yesterday's notes.")
        case .goOut: L("I go out for a walk and think the problem through before I type anything.")
        case .fiveHundredLines: L("I write 500 lines of Swift. Most of them are tests.")
        case .shipIt: L("The tests pass and the screenshots look right. Ship it!")
        }
    }

    /// The colour of the step's Next button.
    public var colour: ActionStyle {
        switch self {
        case .wakeUp: .red
        case .goOut: .orange
        case .fiveHundredLines: .green
        case .shipIt: .blue
        }
    }

    /// The step after this one, or `nil` after the last.
    public var next: HowToCodeStep? { HowToCodeStep(rawValue: rawValue + 1) }
}
