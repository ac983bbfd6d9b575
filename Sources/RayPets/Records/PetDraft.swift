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

    /// The fields of `pet` on `today`, for editing it: an age given in years is the age now,
    /// as every page shows it.
    public init(_ pet: Pet, today: SimpleDate) {
        var age = ""
        switch pet.age {
        case .born(let date): age = date.description
        case .years(_, _): age = pet.age.map { String($0.years(today: today)) } ?? ""
        case nil: break
        }
        self.init(name: pet.name, species: pet.species, age: age, notes: pet.notes)
    }

    /// The fields of `pet` today, for editing it.
    public init(_ pet: Pet) { self.init(pet, today: .today()) }

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
