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

        let page = LinkPath(link: link, segments: parts, query: query, findPet: findPet)
        switch parts {
        case []: throw fail(L("it names no place"))
        case ["clinic", "appointment"]:
            let unknown = Set(query.keys).subtracting(["pet", "visit", "pain"])
            if !unknown.isEmpty {
                let keys = unknown.sorted().joined(separator: ", ")
                throw fail(L("unknown query {keys}", ["keys": keys.quotedInMessage(64)]))
            }
            guard let name = query["pet"] else { throw fail(L("the appointment link needs pet=<name>")) }
            let petID = try page.pet(named: name)
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
        default:
            guard let route = try AppRoute.linked(page) else {
                throw fail(
                    L("there is no page at {path}", ["path": ("/" + parts.joined(separator: "/")).quotedInMessage(64)]))
            }
            try page.noQuery()
            return DeepLink(page: route)!
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

/// A link's path, as a page's link is parsed from it (`AppRoute.linked(_:)`): its segments
/// (%-decoded), and its arguments read in the order a link's problems are told — the path's
/// form, then the query (a page's link takes none), then what an argument names.
struct LinkPath {
    /// The link as given.
    let link: String
    /// The path's segments, %-decoded: `["clinic", "pets", "Rex"]`.
    let segments: [String]
    /// The query's values by key, %-decoded.
    let query: [String: String]
    /// Finds the pet a name or an id names; `nil`: only the form is checked.
    let findPet: ((String) -> Pet?)?

    /// The error for `problem` with this link.
    func fail(_ problem: String) -> DeepLinkError { DeepLinkError(problem: problem, link: link) }

    /// Whether the path has `pattern`'s segments, `nil` standing for any one (an argument).
    func matches(_ pattern: String?...) -> Bool {
        segments.count == pattern.count && zip(segments, pattern).allSatisfy { $1 == nil || $0 == $1 }
    }

    /// Refuses a query: a page's link takes none.
    func noQuery() throws(DeepLinkError) {
        if !query.isEmpty {
            throw fail(
                L(
                    "this link takes no query (got {keys})",
                    ["keys": query.keys.sorted().joined(separator: ", ").quotedInMessage(64)]))
        }
    }

    /// The segment at `index`, an argument (once the query is refused).
    func argument(at index: Int) throws(DeepLinkError) -> String {
        try noQuery()
        return segments[index]
    }

    /// The pet the segment at `index` names (once the query is refused).
    func pet(at index: Int) throws(DeepLinkError) -> Pet.ID {
        try pet(named: argument(at: index))
    }

    /// The pet `name` names, by its id or else its name; kept as given when the link's form
    /// alone is checked (no `findPet`).
    func pet(named name: String) throws(DeepLinkError) -> Pet.ID {
        guard let findPet else { return name }
        guard let pet = findPet(name) else {
            throw DeepLinkError(
                problem: L("no pet called “{name}”", ["name": name.quotedInMessage(64)]), link: link, missingPet: name)
        }
        return pet.id
    }
}
