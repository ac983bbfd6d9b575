/// A pet as the editor holds it: the text the user typed, not yet checked or saved.
public struct PetDraft: Equatable, Codable, Sendable {
    /// The name as typed.
    public var name: String
    /// The chosen species.
    public var species: Species
    /// A birth date (`YYYY-MM-DD`) or an age in whole years, as typed; empty for unknown.
    public var age: String
    /// Free text.
    public var notes: String

    /// A draft with these fields.
    public init(name: String = "", species: Species = .dog, age: String = "", notes: String = "") {
        self.name = name
        self.species = species
        self.age = age
        self.notes = notes
    }

    /// The fields of `pet`, for editing it.
    public init(_ pet: Pet) {
        var age = ""
        switch pet.age {
        case .born(let date): age = date.description
        case .years(let years, _): age = String(years)
        case nil: break
        }
        self.init(name: pet.name, species: pet.species, age: age, notes: pet.notes)
    }

    /// The text of `field` (the species' raw value).
    public func value(of field: PetField) -> String {
        switch field {
        case .name: name
        case .species: species.rawValue
        case .age: age
        case .notes: notes
        }
    }
}

/// A field of the pet editor.
public enum PetField: String, CaseIterable, Codable, Sendable {
    case name, species, age, notes
}

/// The rules a pet must follow, and what the editor says where one is broken.
public enum PetRules {
    /// The longest name, in characters.
    public static let maxNameLength = 64
    /// The oldest age accepted, in years.
    public static let maxAge = 200

    /// What makes names equal: trimmed and lower-cased ("Rex" and " rex " are the same name).
    public static func nameKey(_ name: String) -> String { name.trimmingSpaces.lowercased() }

    /// What is wrong with `draft`, field by field (empty when it can be saved). `sameName`
    /// finds another pet (not the one being edited) with a name, if there is one; `today`
    /// decides what "in the future" means.
    public static func problems(
        in draft: PetDraft, sameName: (String) -> Pet?, today: SimpleDate
    ) -> [PetField: String] {
        var problems: [PetField: String] = [:]
        let name = draft.name.trimmingSpaces
        if name.isEmpty {
            problems[.name] = L("Enter a name.")
        } else if name.count > maxNameLength {
            problems[.name] = L("At most {count} characters.", ["count": "\(maxNameLength)"])
        } else if let twin = sameName(name) {
            problems[.name] = L("Another pet is already called {name}.", ["name": twin.name])
        }
        switch parseAge(draft.age, today: today) {
        case .failure(let problem): problems[.age] = problem.message
        case .success: break
        }
        return problems
    }

    /// The pet `draft` describes, with `id`; `nil` if it breaks a rule. An age in years is
    /// recorded as of `today`, so it grows with the pet.
    public static func pet(
        from draft: PetDraft, id: Pet.ID, sameName: (String) -> Pet?, today: SimpleDate
    ) -> Pet? {
        guard problems(in: draft, sameName: sameName, today: today).isEmpty,
            case .success(let age) = parseAge(draft.age, today: today)
        else { return nil }
        return Pet(id: id, name: draft.name.trimmingSpaces, species: draft.species, age: age, notes: draft.notes)
    }

    struct AgeProblem: Error {
        let message: String
    }

    static func parseAge(_ text: String, today: SimpleDate) -> Result<PetAge?, AgeProblem> {
        let text = text.trimmingSpaces
        if text.isEmpty { return .success(nil) }
        if text.allSatisfy(\.isASCIIDigit) {
            guard let years = Int(text), years <= maxAge else {
                return .failure(AgeProblem(message: L("An age is at most {count} years.", ["count": "\(maxAge)"])))
            }
            return .success(.years(years, asOf: today))
        }
        guard let date = SimpleDate(parsing: text) else {
            return .failure(
                AgeProblem(message: L("Enter a birth date as YYYY-MM-DD, or an age in years.")))
        }
        guard date <= today else { return .failure(AgeProblem(message: L("The birth date is in the future."))) }
        return .success(.born(date))
    }
}
