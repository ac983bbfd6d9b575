import Navigation

/// Every screen in RayPets, with its parameters.
public enum AppRoute: NavigationRoute {
    /// The clinic's home page.
    case home
    /// One of the four "How to code" steps.
    case howToCode(HowToCodeStep)
    /// The end of "How to code", offering to start over.
    case startOver
    /// Appointment dialog: well or sick?
    case visitType
    /// Appointment dialog: how much does it hurt?
    case painLevel
    /// Appointment dialog: is the pet faking it?
    case fakingIt
    /// Appointment dialog: the end.
    case noAppointmentRequired
}

/// The four steps of "How to code", in order.
public enum HowToCodeStep: Int, CaseIterable, Codable, Sendable {
    case wakeUp = 1, goOut, fiveHundredLines, shipIt

    /// The step's title.
    public var title: String {
        switch self {
        case .wakeUp: "I wake up"
        case .goOut: "I go out"
        case .fiveHundredLines: "500 lines"
        case .shipIt: "Ship it!"
        }
    }

    /// What the step says.
    public var text: String {
        switch self {
        case .wakeUp: "I wake up, make coffee and read yesterday's notes."
        case .goOut: "I go out for a walk and think the problem through before I type anything."
        case .fiveHundredLines: "I write 500 lines of Swift. Most of them are tests."
        case .shipIt: "The tests pass and the screenshots look right. Ship it!"
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
