import SQLite

extension ClinicDatabase {
    /// A counter with a read-only connection of its own to this database's file, for searches
    /// off the main actor; `nil` for a database that is not a file RayPets writes (`:memory:`,
    /// a read-only copy), whose lists count on the main actor.
    public func makeSearchCounter() -> (any PetSearchCounter)? {
        guard file != nil, database.path != ":memory:" else { return nil }
        return BackgroundPetCounter(path: FilePath(bytes: database.pathBytes))
    }

    /// The SQL and values counting the pets matching `search` before `position` (all with
    /// `nil`): the one query both connections run.
    nonisolated static func countQuery(
        matching search: PetSearch, before position: Int64?
    ) -> (sql: String, values: [SQLiteValue]) {
        var values: [SQLiteValue] = [.integer(position ?? .max)]
        if let query = search.matchQuery {
            values.append(.text(query))
            return ("SELECT count(*) FROM pet_names WHERE pet_names MATCH ?2 AND rowid < ?1", values)
        }
        return ("SELECT count(*) FROM pets WHERE position < ?1", values)
    }
}

/// Counts matches on its own read-only connection to the records file, opened on first use
/// and used by one count at a time (the actor's). A cancelled count stops inside SQLite
/// (`stopsWhenTaskIsCancelled`) and throws. It reads what is committed when it starts, as
/// any other connection would.
actor BackgroundPetCounter: PetSearchCounter {
    private let path: FilePath
    private var database: Database?

    /// A counter for the file at `path` (already resolved: links are not followed).
    init(path: FilePath) { self.path = path }

    func count(matching search: PetSearch) throws(StoreError) -> Int {
        if Task.isCancelled { throw StoreError(.other, "the search was cancelled") }
        do {
            let database = try connection()
            let (sql, values) = ClinicDatabase.countQuery(matching: search, before: nil)
            return Int(try database.integer(sql, values) ?? 0)
        } catch {
            throw error.isInterrupted
                ? StoreError(.other, "the search was cancelled") : ClinicDatabase.storeError(error)
        }
    }

    private func connection() throws(SQLiteError) -> Database {
        if let database { return database }
        let opened = try Database(pathBytes: path.bytes, mode: .readOnly, followsLinks: false)
        opened.setBusyTimeout(milliseconds: ClinicDatabase.busyTimeout)
        opened.stopsWhenTaskIsCancelled()
        database = opened
        return opened
    }
}
