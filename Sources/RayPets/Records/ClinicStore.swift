/// Where the clinic's records are kept: the app logic's one view of storage.
///
/// `ClinicDatabase` keeps them in SQLite (a file, or `:memory:` in tests). Every call that
/// changes something is one transaction: it happens completely or, when it throws, not at all.
@MainActor
public protocol ClinicStore: AnyObject {
    /// Whether changes are refused (a read-only file or folder, a newer schema).
    var isReadOnly: Bool { get }
    /// Every pet, in the order they were added (a rename keeps a pet's place). For tools and
    /// tests: pages read a batch at a time (`pets(matching:from:limit:)`).
    func loadPets() throws(StoreError) -> [Pet]
    /// How many pets match `search` (all of them with `position: nil`, else those before
    /// `position` in the list).
    func petCount(matching search: PetSearch, before position: Int64?) throws(StoreError) -> Int
    /// Up to `limit` pets matching `search`, in the list's order, from `start`.
    func pets(matching search: PetSearch, from start: PetBatchStart, limit: Int) throws(StoreError) -> [ListedPet]
    /// The pet with `id`, and its place, if it is stored.
    func listedPet(id: Pet.ID) throws(StoreError) -> ListedPet?
    /// The pet called `name` (compared as `PetRules.nameKey` does), and its place, if any.
    func listedPet(named name: String) throws(StoreError) -> ListedPet?
    /// A counter for searches off the main actor over the same records, or `nil`: lists then
    /// count on the main actor (`petCount`).
    func makeSearchCounter() -> (any PetSearchCounter)?
    /// Stores a new pet under a new, never used id (`pet.id` is ignored) and returns it.
    func addPet(_ pet: Pet) throws(StoreError) -> Pet
    /// Saves `pet`'s fields over the stored pet with its id.
    func updatePet(_ pet: Pet) throws(StoreError)
    /// Deletes the pet `id` with its history; returns what `undeletePet` needs.
    func deletePet(_ id: Pet.ID) throws(StoreError) -> DeletedRecords
    /// Puts back a deleted pet with its id, place in the list and history (Undo), and returns
    /// it as stored: under the first free name (`PetRules.freeName`, "Rex (2)") if another
    /// pet has its name now.
    @discardableResult
    func undeletePet(_ pet: Pet, from deleted: DeletedRecords) throws(StoreError) -> Pet
    /// The pet's finished appointment requests, newest first.
    func history(of pet: Pet.ID) throws(StoreError) -> [AppointmentRecord]
    /// Stores a finished appointment request, finished at `time` (Unix seconds).
    func addRecord(_ request: AppointmentRequest, time: Int) throws(StoreError) -> AppointmentRecord
    /// Deletes one stored appointment request.
    func deleteRecord(_ id: AppointmentRecord.ID) throws(StoreError)
}

extension ClinicStore {
    /// No counter: a store that does not say otherwise counts on the main actor.
    public func makeSearchCounter() -> (any PetSearchCounter)? { nil }
}

/// What deleting a pet took away besides the pet: its place in the list and its history.
public struct DeletedRecords: Sendable, Equatable {
    /// The pet's place in the list (the store's own ordering key).
    public let position: Int64
    /// Its history, newest first.
    public let history: [AppointmentRecord]

    /// A record of what was deleted.
    public init(position: Int64, history: [AppointmentRecord]) {
        self.position = position
        self.history = history
    }
}
