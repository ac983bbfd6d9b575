import Glibc
import Navigation
import NavigationTesting
import SQLite
import Testing

@testable import RayPets

/// Writes `bytes` to a new file at `path` (any bytes, not only text).
func writeBytes(_ path: String, _ bytes: [UInt8]) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    precondition(fd >= 0)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

/// Reads a whole file's bytes; `nil` if it cannot be opened.
func readBytes(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count <= 0 { return bytes }
        bytes += buffer[0..<count]
    }
}

/// Links, names and files a hostile or unlucky user could hand the app (issue 30's table):
/// each is refused with a message, or kept, never taken as something it is not.
@MainActor
@Suite("Hostile and unlucky inputs")
struct HostileInputTests {
    @Test("a link longer than DeepLink.maxLength is refused before anything else is read")
    func longLinks() throws {
        let longest = "raypets://clinic/pets/" + String(repeating: "w", count: DeepLink.maxLength - 22)
        #expect(longest.utf8.count == DeepLink.maxLength)
        #expect(throws: DeepLinkError.self) { try DeepLink.parse(longest, pets: []) }  // no such pet, but read
        do {
            _ = try DeepLink.parse(longest + "w", pets: [])
            Issue.record("a link of \(DeepLink.maxLength + 1) bytes was read")
        } catch {
            #expect(error.problem.contains("longer than \(DeepLink.maxLength)"), "problem: \(error.problem)")
            #expect(error.missingPet == nil, "refused, not looked up")
            #expect(error.description.count < 1000, "the link is cut in the message, not printed whole")
        }
        // The valid links' longest: a 64-character name of 4-byte letters, every byte escaped.
        let name = String(repeating: "🐕", count: PetRules.maxNameLength)
        let link = DeepLink.appointment(pet: name, visit: .sick, pain: .worstPossible).uri
        #expect(link.utf8.count * 2 < DeepLink.maxLength)
        #expect(try DeepLink.parse(link, pets: nil) == .appointment(pet: name, visit: .sick, pain: .worstPossible))
    }

    @Test(
        "a control character in a link, raw or %-escaped, is refused; the message escapes it",
        arguments: [
            "raypets://clinic/pets/%1b%5b31mred", "raypets://clinic/pets/a%0Ab", "raypets://clinic/pets/\u{1B}[2J",
            "raypets://clinic/appointment?pet=rex%07", "raypets://clinic/appointment?pet=rex&visit=%E2%80%AEll",
        ])
    func controlCharacters(link: String) {
        do {
            _ = try DeepLink.parse(link, pets: nil)
            Issue.record("\(link.debugDescription) was read")
        } catch {
            #expect(error.problem.contains("control character"), "problem: \(error.problem)")
            #expect(!error.description.unicodeScalars.contains("\u{1B}"), "an escape reached the message")
        }
    }

    @Test("what is written to a terminal has its control characters escaped, new lines kept")
    func terminalText() {
        #expect("a\u{1B}[31mb\u{7}\tc\nd\u{9B}".escapingControls == "a\\u{1B}[31mb\\u{7}\\u{9}c\nd\\u{9B}")
        #expect("Café 🐕".escapingControls == "Café 🐕")
        #expect(String(repeating: "W", count: 10).excerpt(4) == "WWW…")
        #expect("Rex".excerpt(4) == "Rex")
    }

    @Test("a missing pet's name is cut in the notice, and the notice says it")
    func missingPetNotice() async {
        let app = AppHarness()
        let name = String(repeating: "W", count: 1900)
        #expect(!(await app.app.open(uri: "raypets://clinic/pets/" + name)))
        await app.settle()
        #expect(app.topRoute == .pets)
        let notice = app.feedback.notices.last ?? ""
        #expect(notice.contains("There is no pet called") && notice.count < 200, "notice: \(notice.prefix(300))")
    }

    @Test("a link that comes on the welcome page waits, with a notice, and opens after Get started")
    func linkOnWelcome() async {
        let app = AppHarness(firstLaunch: true, settingsPath: makeTemporaryFolder() + "/settings")
        #expect(!(await app.app.open(uri: "raypets://clinic/info")))
        #expect(app.feedback.notices == ["The link opens once you press Get started."])
        #expect(app.welcomeHost.topRoute == .welcome, "the welcome page stays")
        do { app.model(MessageModel.self).performAction() }
        await app.settle()
        #expect(app.clinicHost.pages.map(\.route) == [.home, .clinicInfo])
        // A malformed link is still refused at once.
        let later = AppHarness(firstLaunch: true, settingsPath: makeTemporaryFolder() + "/settings")
        #expect(!(await later.app.open(uri: "raypets://zoo")))
        #expect(later.feedback.notices.last?.contains("no page at \u{2068}/zoo\u{2069}") == true)
    }

    @Test("a navigation state file of random bytes is moved aside, as docs/APP.md says, and reported")
    func randomStateFile() {
        let path = makeTemporaryFolder() + "/navigation"
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<3000).map { _ in UInt8.random(in: 0...255, using: &generator) } + [0xFF, 0xFE]
        writeBytes(path, bytes)
        let reports = Reports()
        let store = StateStore(path: path) { reports.lines.append($0) }
        #expect(store.load() == nil)
        #expect(access(path, F_OK) != 0, "the file is out of the way: the next save does not overwrite it")
        #expect(readBytes(path + ".corrupt") == bytes, "kept whole")
        #expect(reports.lines.count == 1 && reports.lines[0].contains(".corrupt"), "\(reports.lines)")
    }
}

/// Names a person can tell apart, and files that are not RayPets' own.
@MainActor
@Suite("Hostile and unlucky inputs: names and files")
struct HostileNameAndFileTests {
    let today = SimpleDate(year: 2026, month: 11, day: 24)!

    func problems(_ draft: PetDraft, in data: ClinicData) -> [PetField: String] {
        data.problems(in: draft, editing: nil)
    }

    @Test("names that look the same are the same name: NFC, case, zero-width characters")
    func lookAlikes() throws {
        let data = ClinicData(store: ClinicDatabase.inMemory(), today: { [today] in today })
        let composed = try data.add(PetDraft(name: "Caf\u{E9}"))
        #expect(composed.name.unicodeScalars.count == 4)
        #expect(problems(PetDraft(name: "Cafe\u{301}"), in: data)[.name]?.contains("already called") == true)
        #expect(problems(PetDraft(name: "CAFE\u{301}"), in: data)[.name]?.contains("already called") == true)
        _ = try data.add(PetDraft(name: "X"))
        #expect(problems(PetDraft(name: "X\u{200B}"), in: data)[.name]?.contains("already called") == true)
        #expect(problems(PetDraft(name: "\u{200B}X"), in: data)[.name]?.contains("already called") == true)
        // A decomposed name is stored composed: the record holds one form.
        let decomposed = try data.add(PetDraft(name: "Zoe\u{308}"))
        #expect(decomposed.name.unicodeScalars.map(\.value) == [0x5A, 0x6F, 0xEB])
        #expect(data.pet(named: "zo\u{EB}")?.id == decomposed.id, "found by either form")
        #expect(data.pet(named: "zoe\u{308}")?.id == decomposed.id)
        // Spaces around a name are not part of it.
        #expect(try data.add(PetDraft(name: "  Luna \u{3000}")).name == "Luna")
    }

    @Test(
        "a name that cannot be seen, or that steers the text around it, is refused at the field",
        arguments: [
            "\u{200B}", "\u{200B}\u{200D}\u{2060}", "\u{301}\u{301}", "Rex\nMax", "Rex\tMax", "Rex\u{7}",
            "\u{1B}[31mRex", "Rex\u{85}", "Rex\u{202E}xeR", "Rex\u{2066}", "Rex\u{2028}Max",
        ])
    func invisibleOrSteering(name: String) {
        let data = ClinicData(store: ClinicDatabase.inMemory(), today: { [today] in today })
        #expect(problems(PetDraft(name: name), in: data)[.name] != nil, "\(name.unicodeScalars.map(\.value))")
        #expect(throws: StoreError.self) { try data.add(PetDraft(name: name)) }
    }

    @Test("the marks a language needs stay allowed: joiners, direction marks, accents, emoji")
    func languagesStay() throws {
        let data = ClinicData(store: ClinicDatabase.inMemory(), today: { [today] in today })
        for name in [
            "می\u{200C}خواهم", "שָׁלוֹם\u{200F}", "Tiếng Việt", "🐕‍🦺 Guide", "👩‍👩‍👧‍👦", "Ǹ̈́" + "a",
            "Z" + String(repeating: "\u{346}", count: PetRules.maxMarksPerCharacter),
        ] {
            #expect(problems(PetDraft(name: name), in: data)[.name] == nil, "\(name)")
        }
        let tower = "Z" + String(repeating: "\u{346}", count: PetRules.maxMarksPerCharacter + 1)
        #expect(problems(PetDraft(name: tower), in: data)[.name]?.contains("accents") == true)
    }

    @Test("a birth date more than 200 years ago is refused; notes have a length limit")
    func datesAndNotes() {
        let data = ClinicData(store: ClinicDatabase.inMemory(), today: { [today] in today })
        #expect(problems(PetDraft(name: "Old", age: "0001-01-01"), in: data)[.age]?.contains("200 years") == true)
        #expect(problems(PetDraft(name: "Old", age: "1825-12-31"), in: data)[.age] != nil)
        #expect(problems(PetDraft(name: "Old", age: "1826-01-01"), in: data)[.age] == nil)
        #expect(
            problems(PetDraft(name: "Luna", notes: "line 1\r\nline 2\tend"), in: data)[.notes] == nil, "CRLF and tabs")
        let longest = String(repeating: "n", count: PetRules.maxNotesLength)
        #expect(problems(PetDraft(name: "Luna", notes: longest), in: data)[.notes] == nil)
        #expect(problems(PetDraft(name: "Luna", notes: longest + "n"), in: data)[.notes] != nil)
    }

    private func databasePath() -> String {
        let folder = makeTemporaryFolder() + "/raypets"
        mkdir(folder, 0o700)
        return folder + "/clinic.sqlite3"
    }

    /// Another program's SQLite file: a table of its own, mode 0644, in WAL mode if `wal`.
    private func foreignFile(at path: String, applicationID: Int32 = 0, wal: Bool = false) throws -> [UInt8] {
        do {
            let other = try Database(path: path, mode: .readWriteCreate)
            if wal { try other.execute("PRAGMA journal_mode = WAL") }
            try other.execute("CREATE TABLE bookmarks (url TEXT); INSERT INTO bookmarks VALUES ('https://example.org')")
            if applicationID != 0 { try other.setApplicationID(applicationID) }
        }
        chmod(path, 0o644)
        return readBytes(path) ?? []
    }

    @Test(
        "another program's SQLite file at the path is left exactly as it is, and the notice names it",
        arguments: [0, 0x4D50_4C53])
    func foreignDatabase(applicationID: Int32) throws {
        let path = databasePath()
        let before = try foreignFile(at: path, applicationID: applicationID, wal: applicationID != 0)
        var reports: [String] = []
        let store = ClinicDatabase.open(path: path) { reports.append($0) }
        #expect(store.isReadOnly)
        #expect(store.notices.count == 1 && store.notices[0].contains(path), "\(store.notices)")
        #expect(store.notices.first?.contains("not a RayPets database") == true)
        #expect(try store.loadPets().count == 4, "the sample pets, in memory")
        #expect(readBytes(path) == before, "the file's bytes are unchanged")
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o777 == 0o644, "its mode is unchanged")
        #expect(access(path + "-wal", F_OK) != 0 && access(path + "-shm", F_OK) != 0, "no -wal or -shm made beside it")
    }

    @Test("a symbolic link at the path is not followed: its target is untouched")
    func symbolicLink() throws {
        let path = databasePath()
        let target = makeTemporaryFolder() + "/other.sqlite3"
        let before = try foreignFile(at: target)
        symlink(target, path)
        let store = ClinicDatabase.open(path: path) { _ in }
        #expect(store.isReadOnly)
        #expect(store.notices.first?.contains("a link") == true, "\(store.notices)")
        #expect(readBytes(target) == before)
        // Even a link to a real RayPets database is not followed.
        let real = makeTemporaryFolder() + "/clinic.sqlite3"
        _ = ClinicDatabase.open(path: real) { _ in }
        let linked = databasePath()
        symlink(real, linked)
        #expect(ClinicDatabase.open(path: linked) { _ in }.isReadOnly)
    }

    @Test("a data folder reached through a symbolic link (a linked home) is the user's own: opened as usual")
    func linkedFolder() throws {
        let real = makeTemporaryFolder()
        let linkedHome = makeTemporaryFolder() + "/home"
        symlink(real, linkedHome)
        mkdir(linkedHome + "/raypets", 0o700)
        let path = linkedHome + "/raypets/clinic.sqlite3"
        let store = ClinicDatabase.open(path: path) { _ in }
        #expect(!store.isReadOnly && store.notices.isEmpty, "\(store.notices)")
        let data = ClinicData(store: store, today: { [today] in today })
        _ = try data.add(PetDraft(name: "Luna"))
        #expect(access(real + "/raypets/clinic.sqlite3", F_OK) == 0, "written where the link leads")
        #expect((try ClinicDatabase.open(path: path) { _ in }.loadPets().map(\.name)).contains("Luna"), "and read back")
    }

    @Test("another program's WAL database whose tables are still only in its -wal file is not taken for an empty one")
    func foreignDataOnlyInWAL() throws {
        let path = databasePath()
        let other = try Database(path: path, mode: .readWriteCreate)
        try other.execute("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0")
        try other.execute("CREATE TABLE bookmarks (url TEXT); INSERT INTO bookmarks VALUES ('https://example.org')")
        // `other` stays open: its pages are in clinic.sqlite3-wal, not yet in the file.
        let before = readBytes(path)
        let store = ClinicDatabase.open(path: path) { _ in }
        #expect(store.isReadOnly && store.notices.first?.contains("not a RayPets database") == true, "\(store.notices)")
        #expect(readBytes(path) == before, "the file is unchanged")
        #expect(try other.text("SELECT url FROM bookmarks") == "https://example.org")
    }

    @Test("RayPets' own files open as before: new, older versions without the mark, and this version's")
    func ownFiles() throws {
        let path = databasePath()
        let created = ClinicDatabase.open(path: path) { _ in }
        #expect(!created.isReadOnly && created.notices.isEmpty)
        #expect(try created.database.applicationID() == ClinicSchema.applicationID)
        for version in 1..<ClinicSchema.currentVersion {
            let older = databasePath()
            do {
                let file = try Database(path: older, mode: .readWriteCreate)
                try ClinicSchema.migrate(file, upTo: version)
                #expect(try file.applicationID() == (version >= 4 ? ClinicSchema.applicationID : 0), "marked since 4")
            }
            let store = ClinicDatabase.open(path: older) { _ in }
            #expect(!store.isReadOnly && store.notices.isEmpty, "version \(version): \(store.notices)")
            #expect(try store.database.applicationID() == ClinicSchema.applicationID)
        }
    }

    @Test("an older file's names are brought to NFC; two that become one both stay")
    func migratesNames() throws {
        let path = databasePath()
        do {
            let file = try Database(path: path, mode: .readWriteCreate)
            try ClinicSchema.migrate(file, upTo: 3)
            let insert = try file.prepare(
                "INSERT INTO pets (id, name, name_key, species, position) VALUES (?1, ?2, ?3, 'cat', ?4)")
            try insert.run([.text("a"), .text("Cafe\u{301}"), .text("cafe\u{301}"), .integer(10)])
            try insert.run([.text("b"), .text("Caf\u{E9}"), .text("caf\u{E9}"), .integer(11)])
            try insert.run([.text("c"), .text("Zoe\u{308}"), .text("zoe\u{308}"), .integer(12)])
        }
        let store = ClinicDatabase.open(path: path) { _ in }
        let data = ClinicData(store: store, today: { [today] in today })
        #expect(data.pet(id: "c")?.name.unicodeScalars.count == 3)
        #expect(data.pet(named: "Zo\u{EB}")?.id == "c")
        #expect(data.pet(id: "a")?.name == "Caf\u{E9}" && data.pet(id: "b")?.name == "Caf\u{E9}", "both kept")
        #expect(data.problems(in: PetDraft(name: "Café"), editing: "a")[.name] != nil, "the rule speaks on edit")
    }

    @Test("the database file deleted or replaced while the app runs: the next change fails, nothing is reported saved")
    func fileGone() throws {
        for replace in [false, true] {
            let path = databasePath()
            let data = ClinicData(store: ClinicDatabase.open(path: path) { _ in }, today: { [today] in today })
            _ = try data.add(PetDraft(name: "Before"))
            unlink(path)
            if replace { _ = ClinicDatabase.open(path: path) { _ in } }
            do {
                _ = try data.add(PetDraft(name: "After"))
                Issue.record("a change to a deleted file was reported as saved")
            } catch {
                #expect(error.kind == .gone)
                #expect(error.userMessage.contains("deleted or replaced"))
            }
        }
    }

    @Test(
        "round 3, row 3: a journal is exported to a new file or over a journal, never over the app's files (by any name) or another file"
    )
    func row3ExportTargets() throws {
        let folder = makeTemporaryFolder()
        let records = folder + "/clinic.sqlite3"
        _ = ClinicDatabase.open(path: records) { _ in }
        let own = [FilePath(records), FilePath(folder + "/settings")]
        symlink(records, folder + "/link.txt")
        link(records, folder + "/hard.txt")
        writeFile(folder + "/other.txt", "a letter\n")
        writeFile(folder + "/old-journal.txt", JournalFile.firstLine + "\n")
        func refused(_ name: String) -> Bool { JournalExport.refusal(of: FilePath(folder + name), sparing: own) != nil }
        for name in [
            "/clinic.sqlite3", "/clinic.sqlite3-wal", "/clinic.sqlite3-shm", "/settings", "/link.txt", "/hard.txt",
        ] {
            #expect(
                JournalExport.refusal(of: FilePath(folder + name), sparing: own)?.contains("one of RayPets' own files")
                    == true, "\(name)")
        }
        #expect(refused("/other.txt"))
        #expect(!refused("/old-journal.txt") && !refused("/new.txt"))
    }

    @Test("round 3, row 5: with no HOME, the files go under the home the password database gives, never /tmp")
    func row5NoHome() throws {
        let path = AppFiles.path(of: "clinic.sqlite3", in: .data) { _ in nil }
        let home = try #require(AppFiles.passwordDatabaseHome())
        #expect(path == home + "/.local/share/raypets/clinic.sqlite3")
        #expect(!path.description.hasPrefix("/tmp"))
    }

    @Test(
        "round 3, row 5: a records folder others may write, or a file or folder of another user's, is not used: the planted file is left as it is",
        arguments: ["others may write the folder", "another user's folder"])
    func row5PlantedRecords(how: String) throws {
        if how == "another user's folder", geteuid() != 0 { return }  // only root can give a folder away
        let folder = makeTemporaryFolder() + "/raypets"
        mkdir(folder, 0o700)
        let path = folder + "/clinic.sqlite3"
        do {
            let planted = ClinicDatabase.open(path: path) { _ in }
            _ = try planted.addPet(Pet(id: "", name: "Planted", species: .cat, age: nil))
        }
        chmod(path, 0o666)
        if how == "another user's folder" {
            chown(folder, 12_345, 12_345)
        } else {
            chmod(folder, 0o777)
        }
        let before = readBytes(path)
        var reported: [String] = []
        let store = ClinicDatabase.open(path: path) { reported.append($0) }
        #expect(store.isReadOnly)
        let shown = try store.loadPets().map(\.name)
        #expect(shown == ClinicDatabase.samplePets.map(\.name), "the sample pets, not the planted ones")
        let why = how == "another user's folder" ? "belongs to another user" : "others may change it"
        #expect(store.notices.first?.contains(why) == true, "\(store.notices)")
        #expect(readBytes(path) == before, "the planted file is left as it is")
    }
}
