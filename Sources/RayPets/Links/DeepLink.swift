/// A `raypets://` link to a place in the app: a page with a link of its own (`AppRoute.link`:
/// Home, My pets, a pet, ...), or the appointment dialog answered as far as the link says.
///
/// Each link names where the user ends up; `routes` says which pages must be on which stack
/// for Back to go where it would have gone had the user clicked their way there.
public struct DeepLink: Equatable, Sendable {
    private enum Place: Equatable, Sendable {
        case page(AppRoute)
        case appointment(pet: Pet.ID, visit: VisitType?, pain: PainLevel?)
    }

    private let place: Place

    private init(_ place: Place) { self.place = place }

    /// The link to `route`'s page: `nil` if the page has no link of its own (`AppRoute.link`).
    public init?(page route: AppRoute) {
        guard route.link != nil else { return nil }
        place = .page(route)
    }

    /// `raypets://clinic/appointment?pet=<name>[&visit=well|sick[&pain=<level>]]`: the
    /// appointment dialog for a pet, answered as far as the link says.
    public static func appointment(pet: Pet.ID, visit: VisitType?, pain: PainLevel?) -> DeepLink {
        DeepLink(.appointment(pet: pet, visit: visit, pain: pain))
    }

    /// `raypets://clinic`: Home.
    public static let clinic = DeepLink(.page(.home))
    /// `raypets://clinic/pets`: My pets.
    public static let pets = DeepLink(.page(.pets))
    /// `raypets://clinic/pets/<id or name>`: a pet's details.
    public static func pet(_ id: Pet.ID) -> DeepLink { DeepLink(.page(.petDetail(id))) }
    /// `raypets://clinic/info`: Clinic info.
    public static let clinicInfo = DeepLink(.page(.clinicInfo))
    /// `raypets://clinic/info/opening-hours`: the opening hours.
    public static let openingHours = DeepLink(.page(.openingHours))
    /// `raypets://learn`: the Learn page.
    public static let learn = DeepLink(.page(.learn))
    /// `raypets://learn/how-to-code/<1-4>`: a How-to-code step.
    public static func howToCode(_ step: HowToCodeStep) -> DeepLink { DeepLink(.page(.howToCode(step))) }
    /// `raypets://learn/how-to-code/start-over`: the Start over page.
    public static let startOver = DeepLink(.page(.startOver))

    /// The longest link RayPets opens, in bytes (UTF-8, as the link is written, %-escapes
    /// included). A link naming a pet by a 64-character name of letters of up to 4 bytes
    /// each, every byte %-escaped, in the appointment form, fits; one naming it by a name of
    /// emoji sequences or heavily accented letters may not: link such a pet by its id
    /// (`pet-N`). A longer link — as given, or written in full with its %-escapes — is
    /// refused before anything is shown.
    public static let maxLength = 2048

    /// Every form a link can take (for `--list-routes` and error messages).
    public static var forms: [String] { AppRoute.linkForms }

    /// The link as a URI.
    public var uri: String {
        switch place {
        case .page(let route): "raypets://" + route.link!.path
        case .appointment(let pet, let visit, let pain):
            "raypets://clinic/appointment?pet=\(PercentEncoding.encode(pet))"
                + (visit.map { "&visit=\($0.rawValue)" } ?? "") + (pain.map { "&pain=\($0.rawValue)" } ?? "")
        }
    }

    /// The pain level an appointment link answers, if it does.
    public var pain: PainLevel? {
        if case .appointment(_, _, let pain) = place { return pain }
        return nil
    }

    /// Where the link leads: the tab, that tab's stack, and the dialog's stack — the pages a
    /// user who clicked their way there would have.
    public var routes: (tab: AppTab, stack: [AppRoute], dialog: [AppRoute]) {
        switch place {
        case .page(let route):
            // The page and the pages below it, down to its tab's root (where every linked
            // page's pages below end).
            var stack = [route]
            while let below = stack[0].link?.below { stack.insert(below, at: 0) }
            return (AppTab.allCases.first { $0.root == stack[0] }!, stack, [])
        case .appointment(let pet, let visit, let pain):
            return (.clinic, [.home], DeepLink.appointmentRoutes(pet: pet, visit: visit, pain: pain))
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
