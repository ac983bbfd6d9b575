/// Counts the pets matching a search away from the main actor, so a list can take the next
/// keystroke while the count runs. A list cancels the task of a count it no longer needs (a
/// newer keystroke came); the count then stops as soon as it can and throws.
public protocol PetSearchCounter: Sendable {
    /// How many pets match `search`, as the records are when the count starts. Throws when it
    /// cannot read them, or when its task was cancelled.
    func count(matching search: PetSearch) async throws(StoreError) -> Int
}
