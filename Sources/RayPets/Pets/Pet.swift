/// One of the user's pets.
public struct Pet: Identifiable, Hashable, Codable, Sendable {
    /// A stable identifier (lower-case, URL-safe), e.g. "rex".
    public let id: String
    /// The pet's name, e.g. "Rex".
    public var name: String
    /// What kind of animal it is.
    public var species: Species
    /// Age in whole years.
    public var age: Int

    /// A pet.
    public init(id: String, name: String, species: Species, age: Int) {
        self.id = id
        self.name = name
        self.species = species
        self.age = age
    }

    /// "3 years", "1 year".
    public var ageText: String { Ln("{count} year", "{count} years", count: age) }

    /// "Dog, 3 years": one line for lists and screen readers.
    public var summary: String { L("{species}, {age}", ["species": species.title, "age": ageText]) }
}
