/// One of the user's pets.
public struct Pet: Identifiable, Hashable, Codable, Sendable {
    /// A stable identifier, never reused: the sample pets' are their names ("rex"), a new
    /// pet's is `pet-<n>`. Links and saved pages name a pet by it, so they survive a rename.
    public let id: String
    /// The pet's name, e.g. "Rex": unique among the user's pets (ignoring case).
    public var name: String
    /// What kind of animal it is.
    public var species: Species
    /// The birth date or the age the user gave, if any.
    public var age: PetAge?
    /// Free text.
    public var notes: String

    /// A pet.
    public init(id: String, name: String, species: Species, age: PetAge?, notes: String = "") {
        self.id = id
        self.name = name
        self.species = species
        self.age = age
        self.notes = notes
    }

    /// A pet that is `years` old (as of an unknown day).
    public init(id: String, name: String, species: Species, age years: Int) {
        self.init(id: id, name: name, species: species, age: .years(years, asOf: nil))
    }

    /// "3 years", "1 year"; `nil` when the age is unknown.
    public func ageText(today: SimpleDate = .today()) -> String? {
        age.map { age in
            let years = age.years(today: today)
            return Ln("{count} year", "{count} years", count: years)
        }
    }

    /// "Dog, 3 years" (or "Dog" without an age): one line for lists and screen readers.
    public var summary: String {
        guard let ageText = ageText() else { return species.title }
        return L("{species}, {age}", ["species": species.title, "age": ageText])
    }
}

/// How old a pet is: a birth date, or an age in years as given on some day.
public enum PetAge: Hashable, Codable, Sendable {
    /// Born on this day.
    case born(SimpleDate)
    /// `years` old on `asOf` (or always, when the day is not known).
    case years(Int, asOf: SimpleDate?)

    /// The age in whole years on `today`.
    public func years(today: SimpleDate) -> Int {
        switch self {
        case .born(let date): date.years(until: today)
        case .years(let years, let asOf): years + (asOf.map { $0.years(until: today) } ?? 0)
        }
    }
}
