import Navigation

/// Every page in RayPets, with its parameters.
///
/// Everything RayPets says about a page besides its model and view is declared here,
/// in one line per page in each table below: the pet it shows (`pet`), its one text form
/// (`token`, `init(token:)`), its `raypets://` link (`link`, `linked(_:)`, `linkForms`) and
/// the intent that leads to it from the page below (`intent(on:pain:)`). The tables switch
/// over every route, so a new page that forgets one does not compile (except `linked` and
/// `linkForms`, which only linked pages join, and `intent`, which pages no link or saved
/// state reaches leave out).
public enum AppRoute: NavigationRoute {
    /// The first-launch welcome page.
    case welcome
    /// The clinic's home page (root of the Clinic tab).
    case home
    /// "My pets": the list.
    case pets
    /// One pet's details.
    case petDetail(Pet.ID)
    /// The vaccinations a pet of its species usually has, and when.
    case vaccinations(Pet.ID)
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

// MARK: The pet a page shows

extension AppRoute {
    /// The pet the page shows, if it shows one: when the pet is deleted, the page goes (in
    /// every window, and from a saved state).
    public var pet: Pet.ID? {
        switch self {
        case .petDetail(let id), .vaccinations(let id), .editPet(let id), .appointmentRecord(let id, _),
            .visitType(let id), .painLevel(let id), .fakingIt(let id), .noAppointmentRequired(let id):
            id
        case .welcome, .home, .pets, .addPet, .clinicInfo, .openingHours, .learn, .howToCode, .startOver, .petPicker,
            .discardQuestion:
            nil
        }
    }
}

// MARK: The token: the saved state's and the log's text form

extension AppRoute {
    /// The route's one text form, for the saved navigation state and the log:
    /// `pet-detail:rex`, `how-to-code:2`, ... A pet id is percent-encoded, so no name can
    /// break the `,`-separated lists of the state file.
    ///
    /// (A `DeepLink` is not a route but a place: the routes a user's clicks put on a stack.)
    public var token: String {
        switch self {
        case .welcome: "welcome"
        case .home: "home"
        case .pets: "pets"
        case .petDetail(let id): "pet-detail:" + PercentEncoding.encode(id)
        case .vaccinations(let id): "vaccinations:" + PercentEncoding.encode(id)
        case .addPet: "add-pet"
        case .editPet(let id): "edit-pet:" + PercentEncoding.encode(id)
        case .appointmentRecord(let pet, let record): "appointment-record:" + PercentEncoding.encode(pet) + "/\(record)"
        case .clinicInfo: "clinic-info"
        case .openingHours: "opening-hours"
        case .learn: "learn"
        case .howToCode(let step): "how-to-code:\(step.rawValue)"
        case .startOver: "start-over"
        case .petPicker: "pet-picker"
        case .visitType(let pet): "visit-type:" + PercentEncoding.encode(pet)
        case .painLevel(let pet): "pain-level:" + PercentEncoding.encode(pet)
        case .fakingIt(let pet): "faking-it:" + PercentEncoding.encode(pet)
        case .noAppointmentRequired(let pet): "no-appointment-required:" + PercentEncoding.encode(pet)
        case .discardQuestion: "discard-question"
        }
    }

    /// The route a `token` names, or `nil`.
    public init?(token: String) {
        let parts = token.split(separator: ":", maxSplits: 1).map(String.init)
        let argument = parts.count > 1 ? PercentEncoding.decode(parts[1]) : nil
        guard parts.count == 1 || argument != nil else { return nil }  // a malformed escape
        switch (parts.first, argument) {
        case ("welcome", nil): self = .welcome
        case ("home", nil): self = .home
        case ("pets", nil): self = .pets
        case ("pet-detail", let id?): self = .petDetail(id)
        case ("vaccinations", let id?): self = .vaccinations(id)
        case ("add-pet", nil): self = .addPet
        case ("edit-pet", let id?): self = .editPet(id)
        case ("appointment-record", _?):
            // `<pet>/<n>`: the pet's id is percent-encoded, so it holds no '/'.
            let halves = parts[1].split(separator: "/", omittingEmptySubsequences: false)
            guard halves.count == 2, let pet = PercentEncoding.decode(String(halves[0])), let record = Int64(halves[1])
            else { return nil }
            self = .appointmentRecord(pet: pet, record: record)
        case ("clinic-info", nil): self = .clinicInfo
        case ("opening-hours", nil): self = .openingHours
        case ("learn", nil): self = .learn
        case ("how-to-code", let n?):
            guard let step = Int(n).flatMap(HowToCodeStep.init(rawValue:)) else { return nil }
            self = .howToCode(step)
        case ("start-over", nil): self = .startOver
        case ("pet-picker", nil): self = .petPicker
        case ("visit-type", let pet?): self = .visitType(pet: pet)
        case ("pain-level", let pet?): self = .painLevel(pet: pet)
        case ("faking-it", let pet?): self = .fakingIt(pet: pet)
        case ("no-appointment-required", let pet?): self = .noAppointmentRequired(pet: pet)
        case ("discard-question", nil): self = .discardQuestion
        default: return nil
        }
    }
}

// MARK: The link: `raypets://` and the path of a page's own link

extension AppRoute {
    /// The page's own `raypets://` link, if it has one: its `path` (after `raypets://`), and
    /// the page `below` it, which a user's click leaves under it (none for a tab's root: the
    /// link shows its tab). A link to a page puts the pages below it on the stack, down to the
    /// tab's root, so Back goes where it would have gone had the user clicked their way there.
    public var link: (path: String, below: AppRoute?)? {
        switch self {
        case .home: ("clinic", nil)
        case .pets: ("clinic/pets", .home)
        case .petDetail(let id): ("clinic/pets/" + PercentEncoding.encode(id), .pets)
        case .vaccinations(let id): ("clinic/pets/" + PercentEncoding.encode(id) + "/vaccinations", .petDetail(id))
        case .clinicInfo: ("clinic/info", .home)
        case .openingHours: ("clinic/info/opening-hours", .clinicInfo)
        case .learn: ("learn", nil)
        case .howToCode(let step):
            (
                "learn/how-to-code/\(step.rawValue)",
                HowToCodeStep(rawValue: step.rawValue - 1).map(AppRoute.howToCode) ?? .learn
            )
        case .startOver: ("learn/how-to-code/start-over", .howToCode(HowToCodeStep.allCases.last!))
        case .welcome, .addPet, .editPet, .appointmentRecord, .petPicker, .visitType, .painLevel, .fakingIt,
            .noAppointmentRequired, .discardQuestion:
            nil
        }
    }

    /// The page whose `link` has `path` (its %-decoded segments, in `link`); `nil` if no page
    /// has. A pet is found by the name or id the link gives (`LinkPath.pet(at:)`).
    static func linked(_ link: LinkPath) throws(DeepLinkError) -> AppRoute? {
        switch link.segments {
        case ["clinic"]: return .home
        case ["clinic", "pets"]: return .pets
        case _ where link.matches("clinic", "pets", nil): return .petDetail(try link.pet(at: 2))
        case _ where link.matches("clinic", "pets", nil, "vaccinations"): return .vaccinations(try link.pet(at: 2))
        case ["clinic", "info"]: return .clinicInfo
        case ["clinic", "info", "opening-hours"]: return .openingHours
        case ["learn"]: return .learn
        case ["learn", "how-to-code", "start-over"]: return .startOver
        case _ where link.matches("learn", "how-to-code", nil):
            let number = try link.argument(at: 2)
            guard let step = Int(number).flatMap(HowToCodeStep.init(rawValue:)) else {
                throw link.fail(
                    L(
                        "the step must be 1 to {count} or start-over, not “{value}”",
                        ["count": "\(HowToCodeStep.allCases.count)", "value": number.quotedInMessage(64)]))
            }
            return .howToCode(step)
        default: return nil
        }
    }

    /// Every form a link can take, the appointment dialog's among them (`DeepLink.forms`).
    static let linkForms = [
        "raypets://clinic",
        "raypets://clinic/pets",
        "raypets://clinic/pets/<id or name>",
        "raypets://clinic/pets/<id or name>/vaccinations",
        "raypets://clinic/info",
        "raypets://clinic/info/opening-hours",
        "raypets://clinic/appointment?pet=<name>[&visit=well|sick[&pain=none|a-little|moderate|severe|worst-possible]]",
        "raypets://learn",
        "raypets://learn/how-to-code/<1-4>",
        "raypets://learn/how-to-code/start-over",
    ]
}

// MARK: The intent: which click on which page leads here

extension AppRoute {
    /// The intent on `page` that leads to this route — what a user's click there calls — for
    /// a link or a restored state to perform, page by page; `nil` if no intent there does.
    /// `pain` is the pain level a link or a saved state gives the appointment request. The
    /// intent returns whether it acted (a list row for a pet no longer listed does not).
    @MainActor
    func intent(on page: Page<AppRoute>, pain: PainLevel?) -> (@MainActor () -> Bool)? {
        switch (self, page.kind) {
        case (.pets, .home(let home)): return always(home.showPets)
        case (.clinicInfo, .home(let home)): return always(home.showClinicInfo)
        case (.petPicker, .home(let home)): return always(home.scheduleAppointment)
        // A row opens the pet's page in My pets, the appointment's first question in the picker.
        case (.petDetail(let id), .petList(let list)) where page.route == .pets,
            (.visitType(let id), .petList(let list)) where page.route == .petPicker:
            return { list.select(id: id) }
        case (.addPet, .petList(let list)): return always(list.add)
        case (.clinicInfo, .petDetails(let details)): return always(details.showClinicInfo)
        // A pet's page opens its own pages only: another pet's would be the wrong page.
        case (.editPet(let pet), .petDetails(let details)) where page.route == .petDetail(pet):
            return always(details.edit)
        case (.vaccinations(let pet), .petDetails(let details)) where page.route == .petDetail(pet):
            return always(details.showVaccinations)
        case (.appointmentRecord(let pet, let record), .petDetails(let details)) where page.route == .petDetail(pet):
            guard let index = details.history.firstIndex(where: { $0.id == record }) else { return nil }
            return always { details.openRecord(at: index) }
        case (_, .choice(let choice)) where pet == page.route.pet:
            guard let answer = Self.answer(on: page.route, towards: self, pain: pain) else { return nil }
            return { choice.select(option: answer) }
        // A message page's action opens the page after it, the one its link puts it below.
        case (.openingHours, .message(let message)) where link?.below == page.route,
            (.howToCode, .message(let message)) where link?.below == page.route,
            (.startOver, .message(let message)) where link?.below == page.route:
            return always(message.performAction)
        default: return nil
        }
    }

    /// The answer to choose on the question page `question` to get to `route` (by the
    /// option's raw value), if any.
    private static func answer(on question: AppRoute, towards route: AppRoute, pain: PainLevel?) -> String? {
        switch (question, route) {
        case (.visitType, .painLevel): VisitType.sick.rawValue
        case (.visitType, .noAppointmentRequired): VisitType.well.rawValue
        case (.painLevel, .fakingIt), (.painLevel, .noAppointmentRequired): pain?.rawValue
        case (.fakingIt, .noAppointmentRequired): FakingAnswer.notFake.rawValue
        default: nil
        }
    }
}

/// An intent that always acts.
@MainActor
private func always(_ intent: @escaping @MainActor () -> Void) -> @MainActor () -> Bool {
    {
        intent()
        return true
    }
}

// MARK: Layout and the appointment request

extension AppRoute {
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
