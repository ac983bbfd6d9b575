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
    /// The editor, for a new pet (on My pets, or in the appointment dialog).
    case addPet
    /// The editor, for a pet's fields.
    case editPet(Pet.ID)
    /// One finished appointment request of a pet.
    case appointmentRecord(pet: Pet.ID, record: Int64)
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
    /// The "Discard changes?" alert (shown through the alert router; never saved or linked).
    case discardQuestion
}

extension AppRoute {
    /// The pet the page shows, if it shows one: when the pet is deleted, the page goes.
    public var pet: Pet.ID? {
        switch self {
        case .petDetail(let id), .editPet(let id), .appointmentRecord(let id, _), .visitType(let id),
            .painLevel(let id), .fakingIt(let id), .noAppointmentRequired(let id):
            id
        case .welcome, .home, .pets, .addPet, .clinicInfo, .openingHours, .learn, .howToCode, .startOver, .petPicker,
            .discardQuestion:
            nil
        }
    }

    /// How the Clinic tab adapts: on a window at least 720 pixels wide, *My pets* is a sidebar
    /// with the chosen pet's page (and what was opened from it) beside it.
    public static let splitLayout = SplitLayout<AppRoute>(minimumWidth: 720) { $0 == .pets }

    /// Whether the page is one of the appointment request's pages after "Which pet?" (a pet was
    /// chosen, so the dialog holds answers).
    public var isAppointmentQuestion: Bool {
        switch self {
        case .visitType, .painLevel, .fakingIt, .noAppointmentRequired: true
        default: false
        }
    }
}
