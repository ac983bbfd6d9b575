/// A `raypets://` link to a place in the app.
///
/// Each link names where the user ends up; `routes` says which pages must be on which stack
/// for Back to go where it would have gone had the user clicked their way there.
public enum DeepLink: Equatable, Sendable {
    /// `raypets://clinic`: Home.
    case clinic
    /// `raypets://clinic/pets`: My pets.
    case pets
    /// `raypets://clinic/pets/<name>`: a pet's details.
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

    /// Every form a link can take (for `--list-routes` and error messages).
    public static let forms = [
        "raypets://clinic",
        "raypets://clinic/pets",
        "raypets://clinic/pets/<name>",
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
        case .pet(let id): "raypets://clinic/pets/\(DeepLink.encode(id))"
        case .clinicInfo: "raypets://clinic/info"
        case .openingHours: "raypets://clinic/info/opening-hours"
        case .appointment(let pet, let visit, let pain):
            "raypets://clinic/appointment?pet=\(DeepLink.encode(pet))"
                + (visit.map { "&visit=\($0.rawValue)" } ?? "") + (pain.map { "&pain=\($0.rawValue)" } ?? "")
        case .learn: "raypets://learn"
        case .howToCode(let step): "raypets://learn/how-to-code/\(step.rawValue)"
        case .startOver: "raypets://learn/how-to-code/start-over"
        }
    }

    /// Where the link leads: the tab, that tab's stack, and the dialog's stack — the pages a
    /// user who clicked their way there would have.
    public var routes: (tab: AppTab, stack: [AppRoute], modal: [AppRoute]) {
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
            (.learn, [.learn] + HowToCodeStep.allCases.filter { $0.rawValue <= step.rawValue }.map(AppRoute.howToCode), [])
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

/// Why a link could not be opened. The description names the problem and lists the valid forms.
public struct DeepLinkError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, e.g. `no pet called "rexx"`.
    public let problem: String
    /// The link as given.
    public let link: String

    /// The problem, the link, and every valid form.
    public var description: String {
        "cannot open \(link): \(problem)\nvalid links:\n" + DeepLink.forms.map { "  \($0)" }.joined(separator: "\n")
    }
}

extension DeepLink {
    /// Parses `link` against the user's `pets`. Pet names match case-insensitively.
    public static func parse(_ link: String, pets: [Pet]) throws(DeepLinkError) -> DeepLink {
        func fail(_ problem: String) -> DeepLinkError { DeepLinkError(problem: problem, link: link) }
        let scheme = "raypets://"
        guard link.lowercased().hasPrefix(scheme) else { throw fail("it does not start with \(scheme)") }
        let rest = link.dropFirst(scheme.count)
        let pathPart = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = pathPart[0].split(separator: "/", omittingEmptySubsequences: true).map { decode(String($0)) }
        guard path.allSatisfy({ $0 != nil }) else { throw fail("it has a malformed %-escape") }
        let parts = path.map { $0! }
        let query = try parseQuery(pathPart.count > 1 ? String(pathPart[1]) : nil, fail: fail)

        func pet(named name: String) throws(DeepLinkError) -> Pet.ID {
            guard let pet = pets.first(where: { $0.name.lowercased() == name.lowercased() || $0.id == name.lowercased() })
            else { throw fail("no pet called \"\(name)\" (pets: \(pets.map(\.name).joined(separator: ", ")))") }
            return pet.id
        }
        func noQuery() throws(DeepLinkError) {
            if !query.isEmpty { throw fail("this link takes no query (got \(query.keys.sorted().joined(separator: ", ")))") }
        }

        switch parts {
        case ["clinic"]: try noQuery(); return .clinic
        case ["clinic", "pets"]: try noQuery(); return .pets
        case let p where p.count == 3 && p[0] == "clinic" && p[1] == "pets": try noQuery(); return .pet(try pet(named: p[2]))
        case ["clinic", "info"]: try noQuery(); return .clinicInfo
        case ["clinic", "info", "opening-hours"]: try noQuery(); return .openingHours
        case ["clinic", "appointment"]:
            let unknown = Set(query.keys).subtracting(["pet", "visit", "pain"])
            if !unknown.isEmpty { throw fail("unknown query \(unknown.sorted().joined(separator: ", "))") }
            guard let name = query["pet"] else { throw fail("the appointment link needs pet=<name>") }
            let petID = try pet(named: name)
            var visit: VisitType?
            if let value = query["visit"] {
                guard let parsed = VisitType(rawValue: value) else { throw fail("visit must be well or sick, not \"\(value)\"") }
                visit = parsed
            }
            var pain: PainLevel?
            if let value = query["pain"] {
                guard let parsed = PainLevel(rawValue: value) else {
                    throw fail("pain must be one of \(PainLevel.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(value)\"")
                }
                guard visit == .sick else { throw fail("pain only goes with visit=sick") }
                pain = parsed
            }
            return .appointment(pet: petID, visit: visit, pain: pain)
        case ["learn"]: try noQuery(); return .learn
        case ["learn", "how-to-code", "start-over"]: try noQuery(); return .startOver
        case let p where p.count == 3 && p[0] == "learn" && p[1] == "how-to-code":
            try noQuery()
            guard let number = Int(p[2]), let step = HowToCodeStep(rawValue: number) else {
                throw fail("the step must be 1 to \(HowToCodeStep.allCases.count) or start-over, not \"\(p[2])\"")
            }
            return .howToCode(step)
        case []: throw fail("it names no place")
        default: throw fail("there is no page at /\(parts.joined(separator: "/"))")
        }
    }

    private static func parseQuery(
        _ text: String?, fail: (String) -> DeepLinkError
    ) throws(DeepLinkError) -> [String: String] {
        guard let text, !text.isEmpty else { return [:] }
        var query: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let sides = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard sides.count == 2, let key = decode(String(sides[0])), let value = decode(String(sides[1])), !key.isEmpty
            else { throw fail("malformed query \"\(pair)\"") }
            if query[key] != nil { throw fail("\(key) is given twice") }
            query[key] = value
        }
        return query
    }

    /// Percent-decodes `text` (UTF-8); `nil` for a malformed escape.
    static func decode(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next(), let low = iterator.next(),
                      let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return nil }
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Percent-encodes everything but unreserved URI characters.
    static func encode(_ text: String) -> String {
        text.utf8.map { byte in
            let c = Character(UnicodeScalar(byte))
            if c.isASCII && (c.isLetter || c.isNumber || "-._~".contains(c)) { return String(c) }
            let hex = String(byte, radix: 16, uppercase: true)
            return "%" + (hex.count == 1 ? "0" + hex : hex)
        }.joined()
    }
}
