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
