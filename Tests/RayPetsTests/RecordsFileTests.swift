import Glibc
import SQLite
import Testing

@testable import RayPets

/// The records file changed under the running app by the user's own tools (`mv`, `cp`), or
/// written by another SQLite connection: what reaches the file, and what comes back at the
/// next start.
@MainActor
@Suite("The records file replaced, overwritten or shared while the app runs")
struct RecordsFileTests {
    let today = SimpleDate(year: 2026, month: 11, day: 27)!

    /// `clinic.sqlite3` in a new folder of its own.
    private func databasePath() -> String {
        let folder = makeTemporaryFolder() + "/raypets"
        mkdir(folder, 0o700)
        return folder + "/clinic.sqlite3"
    }

    /// A RayPets records file at `path` holding `count` pets called "Other 1"… and nothing
    /// else, closed (no `-wal` left beside it).
    private func recordsFile(at path: String, pets count: Int) throws {
        let store = ClinicDatabase.open(path: path) { _ in }
        for sample in ClinicDatabase.samplePets { _ = try store.deletePet(sample.id) }
        for number in 1...count { _ = try store.addPet(Pet(id: "", name: "Other \(number)", species: .cat, age: nil)) }
    }

    private func names(at path: String) throws -> [String] {
        try ClinicDatabase.open(path: path) { _ in }.loadPets().map(\.name)
    }

    private func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// The app's records file with 3 pets added to the samples (7), each change still in its
    /// `-wal` file.
    private func runningApp(at path: String) throws -> (ClinicDatabase, ClinicData) {
        let store = ClinicDatabase.open(path: path) { _ in }
        let data = ClinicData(store: store, today: { [today] in today })
        for name in ["Luna", "Moon", "Star"] { _ = try data.add(PetDraft(name: name)) }
        var wal = stat()
        #expect(stat(path + "-wal", &wal) == 0 && wal.st_size > 0, "the changes are in the -wal file")
        return (store, data)
    }

    @Test(
        "row 5 (issue 42): a records file moved into place while the app runs: after a quit (with or without a refused change) the next start shows the moved-in file's pets, none lost, and the old file keeps its own",
        arguments: [false, true])
    func row5MovedIntoPlace(triesAChange: Bool) throws {
        let path = databasePath()
        let folder = String(path[..<path.lastIndex(of: "/")!])
        try recordsFile(at: folder + "/other.sqlite3", pets: 304)
        do {
            let (_, data) = try runningApp(at: path)
            #expect(rename(path, folder + "/kept.sqlite3") == 0)  // the user keeps the old one…
            #expect(rename(folder + "/other.sqlite3", path) == 0)  // …and moves another into place
            if triesAChange {
                #expect(throws: StoreError.self) { try data.add(PetDraft(name: "Lost?")) }
                #expect(
                    !exists(path + "-wal") && !exists(path + "-shm"), "no journal of the old file is left at the path")
            }
        }  // the app quits
        #expect(try names(at: path) == (1...304).map { "Other \($0)" }, "the moved-in file, as it was")
        #expect(
            try names(at: folder + "/kept.sqlite3") == ClinicDatabase.samplePets.map(\.name) + [
                "Luna", "Moon", "Star",
            ],
            "the old file holds every change the app made to it")
    }

    @Test(
        "row 5 (issue 42): an old -wal file left beside a records file moved into place (the app was killed) is not replayed into it, and is kept aside"
    )
    func row5OrphanJournalAtStart() throws {
        let path = databasePath()
        let folder = String(path[..<path.lastIndex(of: "/")!])
        try recordsFile(at: folder + "/other.sqlite3", pets: 304)
        let (store, _) = try runningApp(at: path)
        // Killed: the connection is not closed while the next start runs (it stays open,
        // unused, like a frozen process; it closes when the test is done, not leaked).
        try withExtendedLifetime(store) {
            #expect(rename(folder + "/other.sqlite3", path) == 0)
            var notices: [String] = []
            let next = ClinicDatabase.open(path: path) { notices.append($0) }
            #expect(try next.loadPets().map(\.name) == (1...304).map { "Other \($0)" }, "the moved-in file, as it was")
            #expect(next.notices.count == 1 && notices.count == 1, "said once: \(notices)")
            let kept = try #require(asides(in: folder).first)
            #expect(next.notices.first?.contains(kept) == true, "\(next.notices)")
        }
    }

    @Test(
        "row 6 (issue 42): a backup copied over the live records file (same inode) is noticed before a change is written; the copy stays as it was after the quit (with or without a refused change)",
        arguments: [true, false])
    func row6CopiedOver(triesAChange: Bool) throws {
        let path = databasePath()
        let folder = String(path[..<path.lastIndex(of: "/")!])
        try recordsFile(at: folder + "/backup.sqlite3", pets: 12)
        let backup = try #require(readBytes(folder + "/backup.sqlite3"))
        do {
            let (_, data) = try runningApp(at: path)
            var before = stat()
            stat(path, &before)
            // `cp backup.sqlite3 clinic.sqlite3`: the same file, new bytes.
            let fd = open(path, O_WRONLY | O_TRUNC)
            #expect(fd >= 0)
            _ = backup.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            var after = stat()
            stat(path, &after)
            #expect(before.st_ino == after.st_ino, "cp keeps the inode")
            if triesAChange {
                do {
                    _ = try data.add(PetDraft(name: "Into the copy?"))
                    Issue.record("a change was written into a file copied over the records")
                } catch {
                    #expect(error.kind == .gone)
                    #expect(error.userMessage.contains("replaced"))
                }
                let intact = readBytes(path) == backup
                #expect(intact, "nothing written into the copy")
            }
        }  // the app quits
        let intactAfterQuit = readBytes(path) == backup
        #expect(intactAfterQuit, "nothing written into the copy at the quit either")
        #expect(try names(at: path) == (1...12).map { "Other \($0)" }, "the backup's pets at the next start")
    }

    @Test(
        "row 6 (issue 42): another SQLite connection's committed change (even checkpointed into the file) is not taken for an overwrite"
    )
    func row6AnotherConnection() throws {
        let path = databasePath()
        let (_, data) = try runningApp(at: path)
        var before = stat()
        stat(path, &before)
        do {
            let other = try Database(path: path, mode: .readWriteCreate)
            try other.execute(
                "UPDATE pets SET notes = 'from the sqlite3 tool' WHERE id = 'rex'; PRAGMA wal_checkpoint(FULL)")
        }
        var after = stat()
        stat(path, &after)
        #expect(before.st_size != after.st_size || before.st_mtim.tv_nsec != after.st_mtim.tv_nsec, "the file changed")
        _ = try data.add(PetDraft(name: "After the tool"))
        #expect(try data.allPets().count == 8)
        #expect(data.pet(id: "rex")?.notes == "from the sqlite3 tool")
    }

    @Test(
        "round 3, row 1: another RayPets opening the file (raypets --demo-data) while the app runs is another connection, not an overwrite: nothing set aside, every change kept"
    )
    func round3Row1AnotherRayPetsOpens() throws {
        let path = databasePath()
        let folder = String(path[..<path.lastIndex(of: "/")!])
        var reported: [String] = []
        let store = ClinicDatabase.open(path: path) { reported.append($0) }
        let data = ClinicData(store: store, today: { [today] in today })
        _ = try data.add(PetDraft(name: "Biscuit"))
        // Another RayPets opens the file, as `raypets --demo-data` does, before it adds anything.
        let other = ClinicDatabase.open(path: path) { _ in }
        _ = try data.add(PetDraft(name: "Pickle"))
        try other.addDemoPets(count: 3)
        _ = try data.add(PetDraft(name: "Olive"))
        #expect(reported.isEmpty)
        #expect(asides(in: folder).isEmpty)
        #expect(try data.allPets().count == 4 + 3 + 3)
    }

    @Test(
        "row 6 (issue 42): a copy written over the file after another connection's checkpoint is taken for that connection's change: the next change goes into the copy, and no page read before it goes back over it"
    )
    func row6CopiedOverAfterACheckpoint() throws {
        let path = databasePath()
        let folder = String(path[..<path.lastIndex(of: "/")!])
        let (_, data) = try runningApp(at: path)
        // The sqlite3 tool empties the journal into the file, and the app reads the pets again.
        do {
            let tool = try Database(path: path, mode: .readWriteCreate)
            try tool.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        #expect(try data.allPets().count == 7)
        #expect(data.pet(id: "whiskers")?.name == "Whiskers")
        // A copy of the file as it is now, with Whiskers called Bella, copied over it (`cp`).
        let copy = folder + "/copy.sqlite3"
        writeBytes(copy, try #require(readBytes(path)))
        do {
            let tool = try Database(path: copy, mode: .readWriteCreate)
            try tool.execute("UPDATE pets SET name = 'Bella', name_key = 'bella' WHERE id = 'whiskers'")
        }
        let fd = open(path, O_WRONLY | O_TRUNC)
        _ = try #require(readBytes(copy)).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        // Without the page cache dropped, this change wrote back the page holding "Whiskers".
        try data.update("rex", with: PetDraft(name: "Rexy", species: .dog, age: "3", notes: ""))
        let file = try ClinicDatabase.open(path: path) { _ in }.loadPets()
        #expect(
            file.map(\.name).prefix(2) == ["Rexy", "Bella"],
            "the copy's Bella kept, the change in it: \(file.map(\.name))")
    }

    /// The names of the files in `folder` holding a journal kept aside.
    private func asides(in folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix("clinic.sqlite3-wal.") { names.append(folder + "/" + name) }
        }
        return names
    }
}
