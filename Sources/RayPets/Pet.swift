/// What kind of animal a pet is.
public enum Species: String, CaseIterable, Codable, Sendable {
    case dog, cat, rabbit, fish, bird

    /// "Dog", "Cat", ...
    public var title: String {
        switch self {
        case .dog: L("Dog")
        case .cat: L("Cat")
        case .rabbit: L("Rabbit")
        case .fish: L("Fish")
        case .bird: L("Bird")
        }
    }
}

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

/// Where the pets come from. The app uses `InMemoryPetStore`; tests pass their own.
@MainActor
public protocol PetStore: AnyObject {
    /// All pets, in display order.
    var pets: [Pet] { get }
}

extension PetStore {
    /// The pet with `id`, if there is one.
    public func pet(id: Pet.ID) -> Pet? { pets.first { $0.id == id } }
}

/// The pets, in memory, seeded with a few (persistence comes later).
@MainActor
public final class InMemoryPetStore: PetStore {
    /// All pets, in display order.
    public private(set) var pets: [Pet]

    /// A store holding `pets` (by default the clinic's sample pets).
    public init(pets: [Pet] = InMemoryPetStore.samplePets) { self.pets = pets }

    /// The pets a new user starts with.
    nonisolated public static let samplePets = [
        Pet(id: "rex", name: "Rex", species: .dog, age: 3),
        Pet(id: "whiskers", name: "Whiskers", species: .cat, age: 7),
        Pet(id: "clover", name: "Clover", species: .rabbit, age: 2),
        Pet(id: "bubbles", name: "Bubbles", species: .fish, age: 1),
    ]
}
