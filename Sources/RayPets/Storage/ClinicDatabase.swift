import SQLite

/// The clinic's records in SQLite: `ClinicStore` over one database file
/// (`$XDG_DATA_HOME/raypets/clinic.sqlite3`), or over `:memory:` for tests.
///
/// The file is in WAL mode with foreign keys on; every change is one `BEGIN IMMEDIATE`
/// transaction; a busy lock is waited for briefly (`changeBusyTimeout`: a change runs on the
/// main thread, so its wait is the window's) and then reported. How a
/// file is opened, and what happens to a damaged, locked, read-only or newer one, is in
/// `ClinicDatabase+Open`.
@MainActor
public final class ClinicDatabase: ClinicStore {
    let database: Database
    /// Whether changes are refused.
    public let isReadOnly: Bool
    /// Problems found while opening, each one sentence for the user (also sent to `report`).
    public internal(set) var notices: [String] = []
    /// The file the connection writes (not for `:memory:` or a read-only copy): every change
    /// first checks the path still names it, with the bytes the last change left
    /// (`ClinicDatabase+FileGuard`).
    var file: RecordsFile?
    /// Where what happened to the file is logged (`open`'s `report`).
    var report: @MainActor (String) -> Void = { _ in }
    /// The count and first page of the unfiltered list, kept while the pets do not change.
    let listing = ListingCache()

    /// How long opening the file waits for another program's lock before it gives up, in
    /// milliseconds (before the first window shows).
    public nonisolated static let busyTimeout: Int32 = 2000
    /// How long a change waits for another program's lock before it fails ("in use by another
    /// program… try again"), in milliseconds: no longer than a window may stop answering
    /// (another RayPets's save takes a few milliseconds; `--demo-data` holds the lock for the
    /// whole of its run).
    public nonisolated static let changeBusyTimeout: Int32 = 50

    init(database: Database, isReadOnly: Bool) {
        self.database = database
        self.isReadOnly = isReadOnly
    }

    /// The connection closes (the app quits): a file replaced or written over since the last
    /// change is let go of first (`letGo`), so that the journal is not left at the path nor
    /// checkpointed into bytes that are not the app's.
    isolated deinit {
        if let change = fileChange() { letGo(change) }
    }

    /// An empty in-memory database (with the sample pets, as on a first launch): what
    /// headless tests use. It is gone when the object is.
    public static func inMemory() -> ClinicDatabase {
        // Opening and migrating an empty in-memory database cannot fail but for lack of memory.
        let database = try! Database(path: ":memory:", mode: .readWriteCreate)
        try! database.execute("PRAGMA foreign_keys = ON")
        try! ClinicSchema.migrate(database)
        return ClinicDatabase(database: database, isReadOnly: false)
    }

    /// The pets a new user starts with, stored on the first launch.
    public nonisolated static let samplePets = [
        Pet(id: "rex", name: "Rex", species: .dog, age: 3),
        Pet(id: "whiskers", name: "Whiskers", species: .cat, age: 7),
        Pet(id: "clover", name: "Clover", species: .rabbit, age: 2),
        Pet(id: "bubbles", name: "Bubbles", species: .fish, age: 1),
    ]

    // MARK: Pets

    /// The table, columns and values of a new pet, for `INSERT INTO` or `INSERT OR IGNORE INTO`.
    static let petTableAndValuesSQL = """
        pets (id, name, name_key, species, birth_date, age_years, age_as_of, notes, position)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
        """
    static let insertPetSQL = "INSERT INTO " + petTableAndValuesSQL
    static let petColumns = "id, name, species, birth_date, age_years, age_as_of, notes"

    /// A pet's column values, in `insertPetSQL`'s order (without `position`, for UPDATE).
    static func columns(of pet: Pet, position: Int64? = nil) -> [SQLiteValue] {
        var birth = SQLiteValue.null
        var years = SQLiteValue.null
        var asOf = SQLiteValue.null
        switch pet.age {
        case .born(let date): birth = .text(date.description)
        case .years(let count, let day):
            years = .integer(Int64(count))
            asOf = day.map { .text($0.description) } ?? .null
        case nil: break
        }
        return [
            .text(pet.id), .text(pet.name), .text(PetRules.nameKey(pet.name)), .text(pet.species.rawValue), birth,
            years, asOf, .text(pet.notes),
        ] + (position.map { [.integer($0)] } ?? [])
    }

    static func pet(from row: Statement) -> Pet {
        var age: PetAge?
        if let birth = row.text(3).flatMap(SimpleDate.init(parsing:)) {
            age = .born(birth)
        } else if !row.isNull(4) {
            age = .years(Int(row.integer(4)), asOf: row.text(5).flatMap(SimpleDate.init(parsing:)))
        }
        return Pet(
            id: row.text(0) ?? "", name: row.text(1) ?? "", species: Species(rawValue: row.text(2) ?? "") ?? .other,
            age: age, notes: row.text(6) ?? "")
    }

    public func loadPets() throws(StoreError) -> [Pet] {
        try reading { () throws(SQLiteError) in
            var pets: [Pet] = []
            try database.statement("SELECT \(Self.petColumns) FROM pets ORDER BY position").forEachRow { row in
                pets.append(Self.pet(from: row))
            }
            return pets
        }
    }

    public func addPet(_ pet: Pet) throws(StoreError) -> Pet {
        try writing { () throws(SQLiteError) in
            let number = try database.integer("SELECT value FROM counters WHERE name = 'next-pet'") ?? 1
            try database.statement("UPDATE counters SET value = ?1 WHERE name = 'next-pet'").run([.integer(number + 1)])
            let stored = Pet(id: "pet-\(number)", name: pet.name, species: pet.species, age: pet.age, notes: pet.notes)
            try database.statement(Self.insertPetSQL).run(Self.columns(of: stored, position: number))
            return stored
        }
    }

    public func updatePet(_ pet: Pet) throws(StoreError) {
        try writing { () throws(SQLiteError) in
            let values = Self.columns(of: pet)
            try database.statement(
                """
                UPDATE pets SET name = ?2, name_key = ?3, species = ?4, birth_date = ?5, age_years = ?6,
                age_as_of = ?7, notes = ?8 WHERE id = ?1
                """
            ).run(values)
            return database.changes
        }.requireChange(pet.id)
    }

    public func deletePet(_ id: Pet.ID) throws(StoreError) -> DeletedRecords {
        let (deleted, changes) = try writing { () throws(SQLiteError) in
            let position = try database.integer("SELECT position FROM pets WHERE id = ?1", [.text(id)]) ?? 0
            let history = try records(of: id)
            try database.statement("DELETE FROM pets WHERE id = ?1").run([.text(id)])
            return (DeletedRecords(position: position, history: history), database.changes)
        }
        try changes.requireChange(id)
        return deleted
    }

    @discardableResult
    public func undeletePet(_ pet: Pet, from deleted: DeletedRecords) throws(StoreError) -> Pet {
        try writing { () throws(SQLiteError) in
            // Another pet may have taken the name since: in the same transaction, a free one.
            var restored = pet
            restored.name = try PetRules.freeName(for: pet.name) { name throws(SQLiteError) in
                try database.integer(
                    "SELECT count(*) FROM pets WHERE name_key = ?1", [.text(PetRules.nameKey(name))]) != 0
            }
            // Back in its old place in the list: positions are never reused.
            try database.statement(Self.insertPetSQL).run(Self.columns(of: restored, position: deleted.position))
            let insert = try database.statement(Self.insertRecordSQL)
            for record in deleted.history { try insert.run(Self.columns(of: record)) }
            return restored
        }
    }

    // MARK: History

    static let insertRecordSQL = """
        INSERT INTO appointment_requests (id, pet_id, time, visit_type, pain_level, faking_answer, outcome)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
        """

    static func columns(of record: AppointmentRecord) -> [SQLiteValue] {
        let request = record.request
        return [
            record.id == 0 ? .null : .integer(record.id), .text(request.pet), .integer(Int64(record.time)),
            .text(request.visitType.rawValue), request.painLevel.map { .text($0.rawValue) } ?? .null,
            request.fakingAnswer.map { .text($0.rawValue) } ?? .null, .text(request.outcome.rawValue),
        ]
    }

    private func records(of pet: Pet.ID) throws(SQLiteError) -> [AppointmentRecord] {
        var records: [AppointmentRecord] = []
        try database.statement(
            """
            SELECT id, time, visit_type, pain_level, faking_answer, outcome FROM appointment_requests
            WHERE pet_id = ?1 ORDER BY time DESC, id DESC
            """
        ).forEachRow([.text(pet)]) { row in
            let request = AppointmentRequest(
                pet: pet, visitType: VisitType(rawValue: row.text(2) ?? "") ?? .well,
                painLevel: row.text(3).flatMap(PainLevel.init(rawValue:)),
                fakingAnswer: row.text(4).flatMap(FakingAnswer.init(rawValue:)),
                outcome: AppointmentOutcome(rawValue: row.text(5) ?? "") ?? .noAppointmentRequired)
            records.append(AppointmentRecord(id: row.integer(0), time: Int(row.integer(1)), request: request))
        }
        return records
    }

    public func history(of pet: Pet.ID) throws(StoreError) -> [AppointmentRecord] {
        try reading { () throws(SQLiteError) in try records(of: pet) }
    }

    public func addRecord(_ request: AppointmentRequest, time: Int) throws(StoreError) -> AppointmentRecord {
        try writing(keepsPetList: true) { () throws(SQLiteError) in
            try database.statement(Self.insertRecordSQL).run(
                Self.columns(of: AppointmentRecord(id: 0, time: time, request: request)))
            let id = try database.integer("SELECT last_insert_rowid()") ?? 0
            return AppointmentRecord(id: id, time: time, request: request)
        }
    }

    public func deleteRecord(_ id: AppointmentRecord.ID) throws(StoreError) {
        try writing(keepsPetList: true) { () throws(SQLiteError) in
            try database.statement("DELETE FROM appointment_requests WHERE id = ?1").run([.integer(id)])
            return database.changes
        }.requireChange(String(id))
    }

    // MARK: Errors

    /// `PRAGMA integrity_check`'s findings (`["ok"]` for a sound file).
    public func integrityCheck() throws(StoreError) -> [String] {
        try reading { () throws(SQLiteError) in try database.integrityCheck() }
    }

    func reading<T>(_ body: () throws(SQLiteError) -> T) throws(StoreError) -> T {
        do { return try body() } catch { throw Self.storeError(error) }
    }

    /// Runs `body` in one write transaction. Unless `keepsPetList` (a change to appointment
    /// records only), the kept count and first page of the pets are forgotten.
    ///
    /// Before anything is written, the file is checked to be the one opened, with the bytes
    /// the last change left (one `stat`; see `fileChange`): deleted, replaced or written over
    /// under the app, the change fails with `StoreError.Kind.gone` and the file is let go of
    /// (`letGo`); every later change fails the same way.
    func writing<T>(keepsPetList: Bool = false, _ body: () throws(SQLiteError) -> T) throws(StoreError) -> T {
        guard !isReadOnly else { throw StoreError(.readOnly, "opened read-only") }
        if !keepsPetList { listing.forget() }
        if let file {
            // A change would go into a file no one will read, or over the bytes the user put there.
            if let change = fileChange() { letGo(change) }
            if self.file?.isLost == true {
                throw StoreError(.gone, "\(file.path) was deleted, replaced or written over while RayPets ran")
            }
        }
        defer { noteOwnWrite() }
        do { return try database.transaction(body) } catch { throw Self.storeError(error) }
    }

    nonisolated static func storeError(_ error: SQLiteError) -> StoreError {
        let kind: StoreError.Kind =
            error.isBusy
            ? .busy : error.isFull ? .full : error.isReadOnly ? .readOnly : error.isCorrupt ? .corrupt : .other
        return StoreError(kind, error.description)
    }
}

extension Int {
    /// Throws `.missing` unless a row changed (the record was there).
    fileprivate func requireChange(_ id: String) throws(StoreError) {
        if self == 0 { throw StoreError(.missing, "no record \(id)") }
    }
}
