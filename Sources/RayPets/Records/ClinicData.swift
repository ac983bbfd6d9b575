/// The clinic's records as the app logic sees them: the pets (kept in memory, ordered by
/// name), their questionnaire history, and every change, told to whoever observes.
///
/// Every change goes through here, is saved in one transaction by the `ClinicStore`, and is
/// announced only after it was saved — so what the screens and the navigation follow is
/// what is on disk. A change that fails throws a `StoreError` and changes nothing.
@MainActor
public final class ClinicData {
    /// What changed, after it was saved.
    public enum Change: Sendable, Equatable {
        /// A new pet.
        case added(Pet)
        /// A pet's fields changed (its id stays).
        case updated(old: Pet, new: Pet)
        /// A pet and its history were deleted.
        case deleted(Pet)
        /// A deleted pet came back (Undo), with its id and history.
        case restored(Pet)
        /// A questionnaire was finished and stored.
        case recordAdded(AppointmentRecord)
        /// A stored questionnaire was deleted.
        case recordDeleted(AppointmentRecord)
    }

    /// A deleted pet, its place and its history: what Undo puts back.
    public struct DeletedPet: Sendable, Equatable {
        /// The pet as it was.
        public let pet: Pet
        /// Its place in the list and its history.
        public let records: DeletedRecords
    }

    /// Where the records are kept.
    public let store: any ClinicStore
    /// Every pet, in the order they were added (a rename keeps a pet's place).
    public private(set) var pets: [Pet] = []
    /// Why the pets could not be read, if they could not (the list is then empty).
    public private(set) var loadProblem: StoreError?
    /// Today (tests fix it).
    public let today: @MainActor () -> SimpleDate
    /// Now, in Unix seconds (tests fix it).
    public let clock: @MainActor () -> Int
    private var observers: [Int: @MainActor (Change) -> Void] = [:]
    private var nextObserver = 0

    /// The records in `store`, read now.
    public init(
        store: any ClinicStore, today: @escaping @MainActor () -> SimpleDate = { SimpleDate.today() },
        clock: @escaping @MainActor () -> Int = { LocalTime.now() }
    ) {
        self.store = store
        self.today = today
        self.clock = clock
        do { pets = try store.loadPets() } catch { loadProblem = error }
    }

    /// Whether changes are refused (the editor's and Delete's buttons are disabled).
    public var isReadOnly: Bool { store.isReadOnly }

    /// The pet with `id`, if it exists.
    public func pet(id: Pet.ID) -> Pet? { pets.first { $0.id == id } }

    /// The pet a link names: by its id, else by its name (ignoring case).
    public func pet(named reference: String) -> Pet? {
        pet(id: reference) ?? pets.first { PetRules.nameKey($0.name) == PetRules.nameKey(reference) }
    }

    /// What is wrong with `draft`, field by field, for a new pet (`editing: nil`) or the pet
    /// `editing`.
    public func problems(in draft: PetDraft, editing: Pet.ID?) -> [PetField: String] {
        PetRules.problems(in: draft, others: pets.filter { $0.id != editing }, today: today())
    }

    // MARK: Changes

    /// Saves a new pet from `draft`.
    @discardableResult
    public func add(_ draft: PetDraft) throws(StoreError) -> Pet {
        guard let pet = PetRules.pet(from: draft, id: "", others: pets, today: today()) else {
            throw StoreError(.invalid, "the new pet breaks a rule")
        }
        let stored = try store.addPet(pet)
        pets.append(stored)
        notify(.added(stored))
        return stored
    }

    /// Saves `draft` over the pet `id`. Keeps a stated age's day when the age is unchanged.
    @discardableResult
    public func update(_ id: Pet.ID, with draft: PetDraft) throws(StoreError) -> Pet {
        guard let old = pet(id: id) else { throw StoreError(.missing, "no pet \(id)") }
        guard var new = PetRules.pet(from: draft, id: id, others: pets.filter { $0.id != id }, today: today()) else {
            throw StoreError(.invalid, "the pet breaks a rule")
        }
        if PetDraft(old).age == draft.age.trimmingSpaces { new.age = old.age }
        try store.updatePet(new)
        if let index = pets.firstIndex(where: { $0.id == id }) { pets[index] = new }
        notify(.updated(old: old, new: new))
        return new
    }

    /// Deletes the pet `id` and its history; returns what `restore` needs to undo it.
    @discardableResult
    public func delete(_ id: Pet.ID) throws(StoreError) -> DeletedPet {
        guard let pet = pet(id: id) else { throw StoreError(.missing, "no pet \(id)") }
        let records = try store.deletePet(id)
        pets.removeAll { $0.id == id }
        notify(.deleted(pet))
        return DeletedPet(pet: pet, records: records)
    }

    /// Undo of `delete`: the pet comes back with its id and history.
    public func restore(_ deleted: DeletedPet) throws(StoreError) {
        try store.restorePet(deleted.pet, from: deleted.records)
        // Back in its place: read the order again (Undo is rare; the list is the store's).
        pets = (try? store.loadPets()) ?? pets + [deleted.pet]
        notify(.restored(deleted.pet))
    }

    /// The pet's finished questionnaires, newest first.
    public func history(of id: Pet.ID) throws(StoreError) -> [AppointmentRecord] { try store.history(of: id) }

    /// Stores a finished questionnaire, timed now.
    @discardableResult
    public func record(_ request: AppointmentRequest) throws(StoreError) -> AppointmentRecord {
        let record = try store.addRecord(request, time: clock())
        notify(.recordAdded(record))
        return record
    }

    /// Deletes a stored questionnaire.
    public func deleteRecord(_ record: AppointmentRecord) throws(StoreError) {
        try store.deleteRecord(record.id)
        notify(.recordDeleted(record))
    }

    // MARK: Observing

    /// Calls `handler` after every saved change, until the returned observation goes away.
    /// The observation keeps the data alive (no weak reference: the data does not hold it,
    /// so there is no cycle, and the observer's owner decides how long both live).
    public func observe(_ handler: @escaping @MainActor (Change) -> Void) -> ClinicObservation {
        nextObserver += 1
        let key = nextObserver
        observers[key] = handler
        return ClinicObservation { self.observers[key] = nil }
    }

    private func notify(_ change: Change) {
        for key in observers.keys.sorted() { observers[key]?(change) }
    }
}

/// Keeps a `ClinicData` observer registered; dropping it (or `cancel()`) unregisters it.
@MainActor
public final class ClinicObservation {
    private var cancelHandler: (@MainActor () -> Void)?

    init(cancel: @escaping @MainActor () -> Void) { cancelHandler = cancel }

    /// Stops observing.
    public func cancel() {
        cancelHandler?()
        cancelHandler = nil
    }

    isolated deinit { cancelHandler?() }
}
