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
