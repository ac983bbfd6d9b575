import SQLite

/// The clinic database's schema, as migrations run in order at open. `PRAGMA user_version`
/// says how many have run; each runs in its own transaction together with the version bump,
/// so a crash leaves the file at the old version or the new one.
enum ClinicSchema {
    /// One step: the SQL, and what to do in the same transaction (e.g. store the sample pets).
    struct Migration {
        let sql: String
        let seed: (@MainActor (Database) throws(SQLiteError) -> Void)?
    }

    /// The version this RayPets writes.
    static var currentVersion: Int { migrations.count }

    /// Version n is reached by running `migrations[n-1]`.
    static let migrations: [Migration] = [
        // 1: the pets, in the order they were added (`position`), and the counter new pet ids
        // and positions come from (never reused, so an old link or saved page can never name
        // a different pet, and Undo puts a pet back in its place). A new database gets the
        // four sample pets (positions 1 to 4).
        Migration(
            sql: """
                CREATE TABLE pets (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    name_key TEXT NOT NULL UNIQUE,
                    species TEXT NOT NULL,
                    birth_date TEXT,
                    age_years INTEGER,
                    age_as_of TEXT,
                    notes TEXT NOT NULL DEFAULT '',
                    position INTEGER NOT NULL UNIQUE
                );
                CREATE TABLE counters (name TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL);
                INSERT INTO counters VALUES ('next-pet', 5);
                """,
            seed: { database throws(SQLiteError) in
                let today = SimpleDate.today()
                let insert = try database.prepare(ClinicDatabase.insertPetSQL)
                for (index, pet) in ClinicDatabase.samplePets.enumerated() {
                    var dated = pet
                    if case .years(let years, nil) = pet.age { dated.age = .years(years, asOf: today) }
                    try insert.run(ClinicDatabase.columns(of: dated, position: Int64(index + 1)))
                }
            }),
        // 2: finished appointment requests, each belonging to a pet (deleted with it).
        // AUTOINCREMENT: an id is never reused, so a saved page can never show another record.
        Migration(
            sql: """
                CREATE TABLE appointment_requests (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    pet_id TEXT NOT NULL REFERENCES pets(id) ON DELETE CASCADE,
                    time INTEGER NOT NULL,
                    visit_type TEXT NOT NULL,
                    pain_level TEXT,
                    faking_answer TEXT,
                    outcome TEXT NOT NULL
                );
                CREATE INDEX appointment_requests_by_pet ON appointment_requests (pet_id, time DESC, id DESC);
                """,
            seed: nil),
        // 3: search by name. A full-text index of the pets' names (word prefixes of one to three
        // letters indexed too, so the first keystrokes are as quick as the later ones), keyed
        // by `position`: matches come out in the list's order without sorting. Triggers keep
        // it in step with `pets` in the same transaction as every change.
        Migration(
            sql: """
                CREATE VIRTUAL TABLE pet_names USING fts5(
                    name, content = 'pets', content_rowid = 'position',
                    tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
                );
                INSERT INTO pet_names (rowid, name) SELECT position, name FROM pets;
                CREATE TRIGGER pet_names_insert AFTER INSERT ON pets BEGIN
                    INSERT INTO pet_names (rowid, name) VALUES (new.position, new.name);
                END;
                CREATE TRIGGER pet_names_delete AFTER DELETE ON pets BEGIN
                    INSERT INTO pet_names (pet_names, rowid, name) VALUES ('delete', old.position, old.name);
                END;
                CREATE TRIGGER pet_names_update AFTER UPDATE OF name, position ON pets BEGIN
                    INSERT INTO pet_names (pet_names, rowid, name) VALUES ('delete', old.position, old.name);
                    INSERT INTO pet_names (rowid, name) VALUES (new.position, new.name);
                END;
                """,
            seed: nil),
        // 4: RayPets' mark, and one form for names. `PRAGMA application_id` says the file is a
        // RayPets database (a file another program made is never migrated: see
        // `ClinicDatabase+Open`), and every name and key is in Unicode NFC, so "Café" typed as
        // one code point or as "e" and a combining accent is one name. (Only names with a
        // character outside printable ASCII can change. Two names that become one keep their
        // old keys: both pets stay, and the duplicate rule speaks when one is next edited.)
        Migration(sql: "PRAGMA application_id = \(applicationID)", seed: normalizeNames),
        // 5: the name key of issue 42 (characters that draw nothing are removed before spaces
        // are trimmed, so a zero-width space, a space and "Rex" is Rex) and names without such
        // characters at their ends, as `PetRules` stores them. As in 4, only names with a
        // character outside printable ASCII can change, and two that become one keep their keys.
        Migration(sql: "", seed: normalizeNames),
    ]

    /// Stores every name with a character outside printable ASCII as `PetRules.storedName`
    /// makes it, with `PetRules.nameKey`'s key; a name whose new key another pet has keeps its
    /// old key (both pets stay: the duplicate rule speaks when one is next edited).
    @MainActor
    private static func normalizeNames(_ database: Database) throws(SQLiteError) {
        var names: [(id: String, name: String)] = []
        try database.prepare("SELECT id, name FROM pets WHERE name GLOB '*[^ -~]*'").forEachRow { row in
            names.append((row.text(0) ?? "", row.text(1) ?? ""))
        }
        let update = try database.prepare("UPDATE pets SET name = ?2, name_key = ?3 WHERE id = ?1")
        let rename = try database.prepare("UPDATE pets SET name = ?2 WHERE id = ?1")
        for (id, name) in names {
            let stored = PetRules.storedName(name)
            do throws(SQLiteError) {
                try update.run([.text(id), .text(stored), .text(PetRules.nameKey(name))])
            } catch  where error.isConstraint {
                try rename.run([.text(id), .text(stored)])
            }
        }
    }

    /// What `PRAGMA application_id` holds in a RayPets database: "RPet" in ASCII.
    static let applicationID: Int32 = 0x5250_6574

    /// Runs the migrations after `user_version` up to `target`, in order, each in one
    /// transaction. (Tests stop early to make a database of an older version.)
    @MainActor
    static func migrate(_ database: Database, upTo target: Int = currentVersion) throws(SQLiteError) {
        var version = try database.userVersion()
        while version < target {
            let migration = migrations[version]
            try database.transaction { () throws(SQLiteError) in
                try database.execute(migration.sql)
                try migration.seed?(database)
                try database.setUserVersion(version + 1)
            }
            version += 1
        }
    }
}
