/// A `raypets://` link to a place in the app.
///
/// Each link names where the user ends up; `routes` says which pages must be on which stack
/// for Back to go where it would have gone had the user clicked their way there.
public enum DeepLink: Equatable, Sendable {
    /// `raypets://clinic`: Home.
    case clinic
    /// `raypets://clinic/pets`: My pets.
    case pets
    /// `raypets://clinic/pets/<id or name>`: a pet's details.
    case pet(Pet.ID)
    /// `raypets://clinic/info`: Clinic info.
    case clinicInfo
    /// `raypets://clinic/info/opening-hours`: the opening hours.
    case openingHours
    /// `raypets://clinic/appointment?pet=<name>[&visit=well|sick[&pain=<level>]]`: the
    /// appointment dialog for a pet, answered as far as the link says.
    case appointment(pet: Pet.ID, visit: VisitType?, pain: PainLevel?)
    /// `raypets://learn`: the Learn page.
    case learn
    /// `raypets://learn/how-to-code/<1-4>`: a How-to-code step.
    case howToCode(HowToCodeStep)
    /// `raypets://learn/how-to-code/start-over`: the Start over page.
    case startOver

    /// The longest link RayPets opens, in bytes (UTF-8, as the link is written, %-escapes
    /// included). A link naming a pet by a 64-character name of letters of up to 4 bytes
    /// each, every byte %-escaped, in the appointment form, fits; one naming it by a name of
    /// emoji sequences or heavily accented letters may not: link such a pet by its id
    /// (`pet-N`). A longer link — as given, or written in full with its %-escapes — is
    /// refused before anything is shown.
    public static let maxLength = 2048

    /// Every form a link can take (for `--list-routes` and error messages).
    public static let forms = [
        "raypets://clinic",
        "raypets://clinic/pets",
        "raypets://clinic/pets/<id or name>",
        "raypets://clinic/info",
        "raypets://clinic/info/opening-hours",
        "raypets://clinic/appointment?pet=<name>[&visit=well|sick[&pain=none|a-little|moderate|severe|worst-possible]]",
        "raypets://learn",
        "raypets://learn/how-to-code/<1-4>",
        "raypets://learn/how-to-code/start-over",
    ]

    /// The link as a URI.
    public var uri: String {
        switch self {
        case .clinic: "raypets://clinic"
        case .pets: "raypets://clinic/pets"
        case .pet(let id): "raypets://clinic/pets/\(PercentEncoding.encode(id))"
        case .clinicInfo: "raypets://clinic/info"
        case .openingHours: "raypets://clinic/info/opening-hours"
        case .appointment(let pet, let visit, let pain):
            "raypets://clinic/appointment?pet=\(PercentEncoding.encode(pet))"
                + (visit.map { "&visit=\($0.rawValue)" } ?? "") + (pain.map { "&pain=\($0.rawValue)" } ?? "")
        case .learn: "raypets://learn"
        case .howToCode(let step): "raypets://learn/how-to-code/\(step.rawValue)"
        case .startOver: "raypets://learn/how-to-code/start-over"
        }
    }

    /// Where the link leads: the tab, that tab's stack, and the dialog's stack — the pages a
    /// user who clicked their way there would have.
    public var routes: (tab: AppTab, stack: [AppRoute], dialog: [AppRoute]) {
        switch self {
        case .clinic: (.clinic, [.home], [])
        case .pets: (.clinic, [.home, .pets], [])
        case .pet(let id): (.clinic, [.home, .pets, .petDetail(id)], [])
        case .clinicInfo: (.clinic, [.home, .clinicInfo], [])
        case .openingHours: (.clinic, [.home, .clinicInfo, .openingHours], [])
        case .appointment(let pet, let visit, let pain):
            (.clinic, [.home], DeepLink.appointmentRoutes(pet: pet, visit: visit, pain: pain))
        case .learn: (.learn, [.learn], [])
        case .howToCode(let step):
            (
                .learn,
                [.learn] + HowToCodeStep.allCases.filter { $0.rawValue <= step.rawValue }.map(AppRoute.howToCode), []
            )
        case .startOver: (.learn, [.learn] + HowToCodeStep.allCases.map(AppRoute.howToCode) + [.startOver], [])
        }
    }

    private static func appointmentRoutes(pet: Pet.ID, visit: VisitType?, pain: PainLevel?) -> [AppRoute] {
        var routes: [AppRoute] = [.petPicker, .visitType(pet: pet)]
        guard let visit else { return routes }
        if visit == .well { return routes + [.noAppointmentRequired(pet: pet)] }
        routes.append(.painLevel(pet: pet))
        guard let pain else { return routes }
        return routes + [pain.mightBeFaking ? .fakingIt(pet: pet) : .noAppointmentRequired(pet: pet)]
    }
}
