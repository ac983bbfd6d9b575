extension DeepLink {
    /// Parses `link` against the user's `pets`: a pet is named by its id, else by its name
    /// (ignoring case). A well-formed link naming no pet throws an error whose `missingPet`
    /// says which. With `pets: nil` only the form is checked (the name is kept as given).
    public static func parse(_ link: String, pets: [Pet]?) throws(DeepLinkError) -> DeepLink {
        try parse(
            link,
            findPet: pets.map { pets in
                { name in
                    pets.first { $0.id == name } ?? pets.first { PetRules.nameKey($0.name) == PetRules.nameKey(name) }
                }
            })
    }

    /// Parses `link`, finding the pet it names with `findPet` (given the name or id as the
    /// link has it; the app looks it up in the records). A well-formed link naming no pet
    /// throws an error whose `missingPet` says which. With `findPet: nil` only the form is
    /// checked (the name is kept as given).
    ///
    /// A link longer than ``maxLength`` bytes, or one whose %-escapes decode to a control
    /// character, is refused before anything else is read.
    public static func parse(_ link: String, findPet: ((String) -> Pet?)?) throws(DeepLinkError) -> DeepLink {
        let parsed = try parseForm(link, findPet: findPet)
        // Written in full (%-escaped), a link must fit the limit too: what parses formats back
        // to a link that parses (found by fuzzing: raw letters take up to three times the bytes
        // once escaped).
        guard parsed.uri.utf8.count <= maxLength else {
            throw DeepLinkError(problem: L("it is longer than {count} bytes", ["count": "\(maxLength)"]), link: link)
        }
        return parsed
    }

    private static func parseForm(_ link: String, findPet: ((String) -> Pet?)?) throws(DeepLinkError) -> DeepLink {
        func fail(_ problem: String) -> DeepLinkError { DeepLinkError(problem: problem, link: link) }
        guard link.utf8.count <= maxLength else {
            throw fail(L("it is longer than {count} bytes", ["count": "\(maxLength)"]))
        }
        let scheme = "raypets://"
        guard link.lowercased().hasPrefix(scheme) else {
            throw fail(L("it does not start with {scheme}", ["scheme": scheme]))
        }
        let rest = link.dropFirst(scheme.count)
        let pathPart = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = pathPart[0].split(separator: "/", omittingEmptySubsequences: true).map {
            PercentEncoding.decode(String($0))
        }
        guard path.allSatisfy({ $0 != nil }) else { throw fail(L("it has a malformed %-escape")) }
        let parts = path.map { $0! }
        let query = try parseQuery(pathPart.count > 1 ? String(pathPart[1]) : nil, fail: fail)
        if (parts + query.keys + query.values).contains(where: { $0.unicodeScalars.contains(where: \.isRefusedInNames) }
        ) {
            throw fail(L("it holds a control character"))
        }

        func pet(named name: String) throws(DeepLinkError) -> Pet.ID {
            guard let findPet else { return name }
            guard let pet = findPet(name) else {
                throw DeepLinkError(
                    problem: L("no pet called “{name}”", ["name": name.quotedInMessage(64)]), link: link,
                    missingPet: name)
            }
            return pet.id
        }
        func noQuery() throws(DeepLinkError) {
            if !query.isEmpty {
                throw fail(
                    L(
                        "this link takes no query (got {keys})",
                        ["keys": query.keys.sorted().joined(separator: ", ").quotedInMessage(64)]))
            }
        }

        switch parts {
        case ["clinic"]:
            try noQuery()
            return .clinic
        case ["clinic", "pets"]:
            try noQuery()
            return .pets
        case let p where p.count == 3 && p[0] == "clinic" && p[1] == "pets":
            try noQuery()
            return .pet(try pet(named: p[2]))
        case ["clinic", "info"]:
            try noQuery()
            return .clinicInfo
        case ["clinic", "info", "opening-hours"]:
            try noQuery()
            return .openingHours
        case ["clinic", "appointment"]:
            let unknown = Set(query.keys).subtracting(["pet", "visit", "pain"])
            if !unknown.isEmpty {
                let keys = unknown.sorted().joined(separator: ", ")
                throw fail(L("unknown query {keys}", ["keys": keys.quotedInMessage(64)]))
            }
            guard let name = query["pet"] else { throw fail(L("the appointment link needs pet=<name>")) }
            let petID = try pet(named: name)
            var visit: VisitType?
            if let value = query["visit"] {
                guard let parsed = VisitType(rawValue: value) else {
                    throw fail(L("visit must be well or sick, not “{value}”", ["value": value.quotedInMessage(64)]))
                }
                visit = parsed
            }
            var pain: PainLevel?
            if let value = query["pain"] {
                guard let parsed = PainLevel(rawValue: value) else {
                    throw fail(
                        L(
                            "pain must be one of {levels}, not “{value}”",
                            [
                                "levels": PainLevel.allCases.map(\.rawValue).joined(separator: ", "),
                                "value": value.quotedInMessage(64),
                            ]))
                }
                guard visit == .sick else { throw fail(L("pain only goes with visit=sick")) }
                pain = parsed
            }
            return .appointment(pet: petID, visit: visit, pain: pain)
        case ["learn"]:
            try noQuery()
            return .learn
        case ["learn", "how-to-code", "start-over"]:
            try noQuery()
            return .startOver
        case let p where p.count == 3 && p[0] == "learn" && p[1] == "how-to-code":
            try noQuery()
            guard let number = Int(p[2]), let step = HowToCodeStep(rawValue: number) else {
                throw fail(
                    L(
                        "the step must be 1 to {count} or start-over, not “{value}”",
                        ["count": "\(HowToCodeStep.allCases.count)", "value": p[2].quotedInMessage(64)]))
            }
            return .howToCode(step)
        case []: throw fail(L("it names no place"))
        default:
            throw fail(
                L("there is no page at {path}", ["path": ("/" + parts.joined(separator: "/")).quotedInMessage(64)]))
        }
    }

    private static func parseQuery(
        _ text: String?, fail: (String) -> DeepLinkError
    ) throws(DeepLinkError) -> [String: String] {
        guard let text, !text.isEmpty else { return [:] }
        var query: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let sides = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard sides.count == 2, let key = PercentEncoding.decode(String(sides[0])),
                let value = PercentEncoding.decode(String(sides[1])), !key.isEmpty
            else { throw fail(L("malformed query “{pair}”", ["pair": String(pair).quotedInMessage(64)])) }
            if query[key] != nil { throw fail(L("{key} is given twice", ["key": key.quotedInMessage(64)])) }
            query[key] = value
        }
        return query
    }
}
