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
