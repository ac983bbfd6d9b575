import Navigation

/// Every screen in RayPets, with its parameters.
public enum AppRoute: NavigationRoute {
    /// The first-launch welcome page.
    case welcome
    /// The clinic's home page (root of the Clinic tab).
    case home
    /// "My pets": the list.
    case pets
    /// One pet's details.
    case petDetail(Pet.ID)
    /// The clinic's address and phone.
    case clinicInfo
    /// The opening-hours table.
    case openingHours
    /// The Learn tab's root page.
    case learn
    /// One of the four "How to code" steps.
    case howToCode(HowToCodeStep)
    /// The end of "How to code", offering to start over.
    case startOver
    /// Appointment dialog: which pet is it for?
    case petPicker
    /// Appointment dialog: well or sick?
    case visitType(pet: Pet.ID)
    /// Appointment dialog: how much does it hurt?
    case painLevel(pet: Pet.ID)
    /// Appointment dialog: is the pet faking it?
    case fakingIt(pet: Pet.ID)
    /// Appointment dialog: the end.
    case noAppointmentRequired(pet: Pet.ID)
}

/// The four steps of "How to code", in order.
public enum HowToCodeStep: Int, CaseIterable, Codable, Sendable {
    case wakeUp = 1, goOut, fiveHundredLines, shipIt

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
