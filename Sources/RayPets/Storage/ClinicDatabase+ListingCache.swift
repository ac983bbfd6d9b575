import SQLite

/// What every unfiltered list opens with — the number of pets and the first batch — kept
/// between lists while the pets do not change. The appointment flow's "Which pet?" opens a new
/// list each time; without this, every flow read the pets table twice (count and first batch).
///
/// It is forgotten when this connection changes a pet (`writing` unless `keepsPetList`) and when
/// another connection (another RayPets, a tool) commits anything (SQLite's `data_version`, a
/// number in memory: asking for it reads no table).
@MainActor
final class ListingCache {
    /// `PRAGMA data_version` when the figures were kept.
    var dataVersion: Int64?
    /// How many pets there are.
    var count: Int?
    /// The first batch, and the batch size it was read with.
    var firstBatch: (limit: Int, pets: [ListedPet])?
    /// How many times a figure was read from the file rather than kept (for tests).
    var reads = 0

    func forget() {
        count = nil
        firstBatch = nil
    }
}

extension ClinicDatabase {
    /// The kept figures, after forgetting them if another connection committed since.
    func currentListing() throws(SQLiteError) -> ListingCache {
        let version = try database.integer("PRAGMA data_version")
        if version != listing.dataVersion {
            listing.forget()
            listing.dataVersion = version
        }
        return listing
    }
}
