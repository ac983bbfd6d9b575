import SQLite

/// What a list on screen reads, a batch at a time: counts, batches from a start, and single
/// pets by id or name. A search goes through the `pet_names` full-text index (schema v3).
extension ClinicDatabase {
    public func petCount(matching search: PetSearch, before position: Int64?) throws(StoreError) -> Int {
        try reading { () throws(SQLiteError) in
            // Every pet: kept between lists while the pets do not change (ListingCache).
            let kept = search.matchQuery == nil && position == nil ? try currentListing() : nil
            if let count = kept?.count { return count }
            let (sql, values) = Self.countQuery(matching: search, before: position)
            let count = Int(try database.integer(sql, values) ?? 0)
            kept?.count = count
            kept?.reads += 1
            return count
        }
    }

    /// `petColumns` of the table `p`.
    private static let listColumns = petColumns.split(separator: ",").map { "p." + $0.trimmingSpaces }.joined(
        separator: ", ")

    public func pets(matching search: PetSearch, from start: PetBatchStart, limit: Int) throws(StoreError)
        -> [ListedPet]
    {
        // The first batch of every pet: kept between lists while the pets do not change.
        guard search.matchQuery == nil, start == .offset(0) else {
            return try readPets(search, from: start, limit: limit)
        }
        let kept = try reading { () throws(SQLiteError) in try currentListing() }
        if let batch = kept.firstBatch, batch.limit == limit { return batch.pets }
        let pets = try readPets(search, from: start, limit: limit)
        kept.firstBatch = (limit, pets)
        kept.reads += 1
        return pets
    }

    private func readPets(_ search: PetSearch, from start: PetBatchStart, limit: Int) throws(StoreError) -> [ListedPet]
    {
        try reading { () throws(SQLiteError) in
            // The query's parts: the pets alone, or joined to the matches of the name index
            // (whose rowid is the position), then the batch's start.
            var sql = "SELECT \(Self.listColumns), p.position FROM "
            var values: [SQLiteValue] = [.integer(Int64(limit))]
            var conditions: [String] = []
            if search.matchQuery != nil {
                sql += "pet_names JOIN pets p ON p.position = pet_names.rowid"
                conditions.append("pet_names MATCH ?3")
            } else {
                sql += "pets p"
            }
            // In a search, the batch's start is put on the name index's rowid (the same number as
            // the position): the index then starts at it instead of reading every match before
            // it (measured: 25x less time for a batch of the 19,001 matches of “b” in 100,000).
            let key = search.matchQuery == nil ? "p.position" : "pet_names.rowid"
            let order: String
            var offset = ""
            switch start {
            case .offset(let count):
                values.append(.integer(Int64(max(count, 0))))
                order = "ASC"
                offset = " OFFSET ?2"
            case .after(let position):
                values.append(.integer(position))
                conditions.append("\(key) > ?2")
                order = "ASC"
            case .before(let position):
                values.append(.integer(position))
                conditions.append("\(key) < ?2")
                order = "DESC"
            }
            if let query = search.matchQuery { values.append(.text(query)) }
            if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
            // The name index is ordered by its rowid; sorting by it lets SQLite walk it in order.
            sql += " ORDER BY \(key) \(order) LIMIT ?1\(offset)"
            var batch: [ListedPet] = []
            try database.statement(sql).forEachRow(values) { row in
                batch.append(ListedPet(pet: Self.pet(from: row), position: row.integer(7)))
            }
            return order == "DESC" ? batch.reversed() : batch
        }
    }

    public func listedPet(id: Pet.ID) throws(StoreError) -> ListedPet? {
        try onePet(where: "id = ?1", .text(id))
    }

    public func listedPet(named name: String) throws(StoreError) -> ListedPet? {
        try onePet(where: "name_key = ?1", .text(PetRules.nameKey(name)))
    }

    private func onePet(where condition: String, _ value: SQLiteValue) throws(StoreError) -> ListedPet? {
        try reading { () throws(SQLiteError) in
            var found: ListedPet?
            try database.statement("SELECT \(Self.petColumns), position FROM pets WHERE \(condition)").forEachRow([
                value
            ]) {
                found = ListedPet(pet: Self.pet(from: $0), position: $0.integer(7))
            }
            return found
        }
    }
}
