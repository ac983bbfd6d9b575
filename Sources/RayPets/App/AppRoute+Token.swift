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
