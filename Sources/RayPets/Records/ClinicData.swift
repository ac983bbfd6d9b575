/// The clinic's records as the app logic sees them: the pets, their appointment request history,
/// and every change, told to whoever observes.
///
/// Nothing is read ahead: a pet is looked up when it is needed, and a list reads the pets it
/// shows a page at a time (`PetList`), so the cost of a page does not grow with the records.
///
/// Every change goes through here, is saved in one transaction by the `ClinicStore`, and is
/// announced only after it was saved — so what the pages and the navigation follow is
/// what is on disk. A change that fails throws a `StoreError` and changes nothing.
@MainActor
public final class ClinicData {
    /// What changed, after it was saved.
    public enum Change: Sendable, Equatable {
        /// A new pet.
        case added(Pet)
        /// A pet's fields changed (its id stays).
        case updated(old: Pet, new: Pet)
        /// A pet and its history were deleted; `position` was its place in the list.
        case deleted(Pet, position: Int64)
        /// A deleted pet came back (Undo), with its id and history.
        case undeleted(Pet)
        /// An appointment request was finished and stored.
        case recordAdded(AppointmentRecord)
        /// A stored appointment request was deleted.
        case recordDeleted(AppointmentRecord)
        /// A new day began (midnight, or another time zone): ages and next dates move with it.
        case dayChanged(from: SimpleDate, to: SimpleDate)
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
    /// Today (tests fix it).
    public let today: @MainActor () -> SimpleDate
    /// Now, in Unix seconds (tests fix it).
    public let clock: @MainActor () -> Int
    private var observers: [Int: @MainActor (Change) -> Void] = [:]
    private var nextObserver = 0
    /// The day the pages were last told of (`noticeTheDay()`).
    private var shownDay: SimpleDate?

    /// The records in `store` (nothing is read yet).
    public init(
        store: any ClinicStore, today: @escaping @MainActor () -> SimpleDate = { SimpleDate.today() },
        clock: @escaping @MainActor () -> Int = { LocalTime.now() }
    ) {
        self.store = store
        self.today = today
        self.clock = clock
    }

    /// Tells the observers if today is not the day they were last told of (`dayChanged`): the
    /// app calls it around midnight and now and then, so a page open across midnight, or
    /// across a change of time zone, shows the new day's ages and dates.
    public func noticeTheDay() {
        let day = today()
        guard let shown = shownDay else {
            shownDay = day
            return
        }
        guard day != shown else { return }
        shownDay = day
        notify(.dayChanged(from: shown, to: day))
    }

    /// Whether changes are refused (the editor's and Delete's buttons are disabled).
    public var isReadOnly: Bool { store.isReadOnly }

    /// The pet with `id`, if it exists (`nil` too when it cannot be read).
    public func pet(id: Pet.ID) -> Pet? { (try? store.listedPet(id: id))??.pet }

    /// The pet a link names: by its id, else by its name (ignoring case).
    public func pet(named reference: String) -> Pet? {
        pet(id: reference) ?? (try? store.listedPet(named: reference))??.pet
    }

    /// Every pet, in the list's order. For tools and tests: it reads them all.
    public func allPets() throws(StoreError) -> [Pet] { try store.loadPets() }

    /// What is wrong with `draft`, field by field, for a new pet (`editing: nil`) or the pet
    /// `editing`.
    public func problems(in draft: PetDraft, editing: Pet.ID?) -> [PetField: String] {
        PetRules.problems(in: draft, sameName: namesake(besides: editing), today: today())
    }

    /// Finds the stored pet with a name, other than `besides` (one indexed lookup).
    private func namesake(besides id: Pet.ID?) -> (String) -> Pet? {
        { [store] name in
            guard let found = (try? store.listedPet(named: name))??.pet, found.id != id else { return nil }
            return found
        }
    }

    // MARK: Changes

    /// Saves a new pet from `draft`.
    @discardableResult
    public func add(_ draft: PetDraft) throws(StoreError) -> Pet {
        guard let pet = PetRules.pet(from: draft, id: "", sameName: namesake(besides: nil), today: today()) else {
            throw StoreError(.invalid, "the new pet breaks a rule")
        }
        let stored = try store.addPet(pet)
        notify(.added(stored))
        return stored
    }

    /// Saves `draft` over the pet `id`. Keeps a stated age's day when the age is unchanged.
    /// With `base` (the pet as the editor read it), a pet saved differently since then is
    /// not overwritten: `changedElsewhere` is thrown and nothing changes.
    @discardableResult
    public func update(_ id: Pet.ID, with draft: PetDraft, base: Pet? = nil) throws(StoreError) -> Pet {
        guard let old = pet(id: id) else { throw StoreError(.missing, "no pet \(id)") }
        if let base, base != old { throw StoreError(.changedElsewhere, "pet \(id) was saved since it was read") }
        guard var new = PetRules.pet(from: draft, id: id, sameName: namesake(besides: id), today: today()) else {
            throw StoreError(.invalid, "the pet breaks a rule")
        }
        if PetDraft(old, today: today()).age == draft.age.trimmingSpaces { new.age = old.age }
        try store.updatePet(new)
        notify(.updated(old: old, new: new))
        return new
    }

    /// Deletes the pet `id` and its history; returns what `undelete` needs to undo it.
    @discardableResult
    public func delete(_ id: Pet.ID) throws(StoreError) -> DeletedPet {
        guard let pet = pet(id: id) else { throw StoreError(.missing, "no pet \(id)") }
        let records = try store.deletePet(id)
        notify(.deleted(pet, position: records.position))
        return DeletedPet(pet: pet, records: records)
    }

    /// Undo of `delete`: the pet comes back with its id, place and history, and is returned as
    /// stored. If another pet took its name meanwhile, it comes back under the first free name
    /// ("Rex (2)"; `PetRules.freeName`): the returned pet's name says which.
    @discardableResult
    public func undelete(_ deleted: DeletedPet) throws(StoreError) -> Pet {
        let restored = try store.undeletePet(deleted.pet, from: deleted.records)
        notify(.undeleted(restored))
        return restored
    }

    /// The pet's finished appointment requests, newest first.
    public func history(of id: Pet.ID) throws(StoreError) -> [AppointmentRecord] { try store.history(of: id) }

    /// Stores a finished appointment request, timed now.
    @discardableResult
    public func record(_ request: AppointmentRequest) throws(StoreError) -> AppointmentRecord {
        let record = try store.addRecord(request, time: clock())
        notify(.recordAdded(record))
        return record
    }

    /// Deletes a stored appointment request.
    public func deleteRecord(_ record: AppointmentRecord) throws(StoreError) {
        try store.deleteRecord(record.id)
        notify(.recordDeleted(record))
    }

    // MARK: Observing

    /// Calls `handler` after every saved change, until the returned observation goes away.
    /// The observation keeps the data alive (no weak reference: the data does not hold it,
    /// so there is no cycle, and the observer's owner decides how long both live).
    public func observe(_ handler: @escaping @MainActor (Change) -> Void) -> ClinicObservation {
        if shownDay == nil { shownDay = today() }
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
