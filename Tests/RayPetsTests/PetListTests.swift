import Navigation
import Testing

@testable import RayPets

/// The sample pets and `count` demo pets, and a list over them that records its updates.
@MainActor
private final class ListFixture {
    let store = ClinicDatabase.inMemory()
    let data: ClinicData
    let list: PetList
    var updates: [[Int]] = []

    init(demoPets count: Int) throws {
        try store.addDemoPets(count: count, today: SimpleDate(year: 2026, month: 11, day: 24)!)
        data = ClinicData(store: store, today: { SimpleDate(year: 2026, month: 11, day: 24)! })
        list = PetList(data: data)
        list.onUpdate = { [unowned self] index, removed, added in updates.append([index, removed, added]) }
    }

    /// What the list shows, read through it row by row, in `order`.
    func shown(_ order: [Int]? = nil) -> [String] {
        (order ?? Array(0..<list.count)).map { list.pet(at: $0)?.name ?? "<missing \($0)>" }
    }

    /// The stored pets' names a search for `text` should list, worked out in Swift: every
    /// word typed starts a word of the name, ignoring case.
    func expected(_ text: String) throws -> [String] {
        let typed = PetSearch(text).words.map { $0.lowercased() }
        return try data.allPets().map(\.name).filter { name in
            let words = name.lowercased().split { !($0.isLetter || $0.isNumber) }
            return typed.allSatisfy { word in words.contains { $0.hasPrefix(word) } }
        }
    }
}

@MainActor
@Suite("Pet lists read a batch at a time, follow changes in place, and search in the database")
struct PetListTests {
    @Test("nothing is read until a row is asked for; one query reads a batch; every row is the stored pet")
    func paging() throws {
        let f = try ListFixture(demoPets: 1_000)
        #expect(f.list.count == 1_004)
        #expect(f.list.batchesRead == 0, "counting reads no pets")
        #expect(f.list.pet(at: 0)?.name == "Rex")
        #expect(f.list.pet(at: 99)?.name == DemoPets.name(number: 100))
        #expect(f.list.batchesRead == 1, "rows 0 to 99 are one batch")
        let all = try f.data.allPets().map(\.name)
        #expect(f.shown() == all, "top to bottom")
        #expect(f.list.batchesRead == 11, "11 batches, each read once")
        #expect(f.shown(Array((0..<1_004).reversed())) == all.reversed(), "bottom to top, after the kept batches went")
        #expect(f.shown([903, 10, 512, 1_003, 0]) == [903, 10, 512, 1_003, 0].map { all[$0] }, "jumps")
        #expect(f.list.pet(at: 1_004) == nil && f.list.pet(at: -1) == nil)
    }

    @Test("an added, renamed, deleted or restored pet changes its row in place; rows above stay as read")
    func changes() throws {
        let f = try ListFixture(demoPets: 500)
        _ = f.shown()
        let added = try f.data.add(PetDraft(name: "Zed"))
        #expect(f.updates.last == [504, 0, 1])
        #expect(f.list.count == 505 && f.list.pet(at: 504)?.name == "Zed")
        let target = try #require(f.list.pet(at: 300))
        var draft = PetDraft(target)
        draft.name = "Renamed"
        try f.data.update(target.id, with: draft)
        #expect(f.updates.last == [300, 1, 1])
        #expect(f.list.pet(at: 300)?.name == "Renamed" && f.list.pet(at: 299)?.name == DemoPets.name(number: 300))
        let deleted = try f.data.delete("whiskers")
        #expect(f.updates.last == [1, 1, 0])
        #expect(f.list.count == 504 && f.list.pet(at: 1)?.name == "Clover")
        try f.data.undelete(deleted)
        #expect(f.updates.last == [1, 0, 1], "Undo: back in its place")
        #expect(f.list.pet(at: 1)?.name == "Whiskers" && f.list.index(of: added.id) == 504)
        #expect(f.shown() == (try f.data.allPets().map(\.name)))
    }

    @Test("search: word prefixes, any case and accent, in the database; changes follow the search")
    func search() throws {
        let f = try ListFixture(demoPets: 3_000)
        for text in ["bis", "BIS", "bis fe", "fe bis", "luna 2", "r", "zzz"] {
            f.list.setSearch(text)
            #expect(f.shown() == (try f.expected(text)), "\(text)")
        }
        f.list.setSearch("r")
        #expect(f.list.count > 2 * PetList.batchSize, "three batches of matches or more")
        #expect(
            f.shown(Array((0..<f.list.count).reversed())) == (try f.expected("r")).reversed(),
            "bottom to top: each batch read before the batch below it")
        f.list.setSearch("!!!")
        #expect(f.list.count == 0, "no word typed: no name matches")
        f.list.setSearch("  ")
        #expect(f.list.count == 3_004, "spaces: every pet")
        let emile = try f.data.add(PetDraft(name: "Émile"))
        f.list.setSearch("emi")
        #expect(f.shown() == ["Émile"], "accents are ignored")
        f.list.setSearch("bis")
        let count = f.list.count
        let biscuit = try #require(f.list.pet(at: 5))
        var draft = PetDraft(biscuit)
        draft.name = "Plain"
        try f.data.update(biscuit.id, with: draft)
        #expect(f.updates.last == [5, 1, 0] && f.list.count == count - 1, "renamed out of the search: its row goes")
        draft = PetDraft(try #require(f.data.pet(id: emile.id)))
        draft.name = "Bistro"
        try f.data.update(emile.id, with: draft)
        #expect(f.updates.last == [count - 1, 0, 1], "renamed into the search: a row comes, in its place")
        #expect(f.shown() == (try f.expected("bis")))
        #expect(f.list.index(of: emile.id) == count - 1 && f.list.index(of: "rex") == nil)
    }

    @Test("the list model: selection and focus rows by id, a link chooses a pet the search hides, empty texts")
    func viewModel() throws {
        let f = try ListFixture(demoPets: 200)
        let model = PetListModel(title: "My pets", prompt: "", data: f.data)
        var chosen: [Pet.ID] = []
        model.onSelect = { chosen.append($0.id) }
        model.showing("pet-150")
        #expect(model.shownRow == 149 && model.focusRow == 149)
        model.search("luna")
        #expect(model.rows.map(\.title) == (try f.expected("luna")))
        #expect(model.shownRow == nil, "the shown pet is not among the matches")
        #expect(model.select(id: "rex") && chosen == ["rex"])
        model.search("qqq")
        #expect(model.count == 0 && model.emptyText == "No pets match “\u{2068}qqq\u{2069}”.")
        #expect(model.showsAdd, "My pets always offers Add pet")
    }

    @Test(
        "round 3, row 1: after another connection added many pets, this app's own change shows every row, none empty")
    func row1ManyAddedByAnotherConnection() throws {
        let path = makeTemporaryFolder() + "/clinic.sqlite3"
        let store = ClinicDatabase.open(path: path) { _ in }
        let data = ClinicData(store: store)
        let list = PetList(data: data)
        var updates: [[Int]] = []
        list.onUpdate = { index, removed, added in updates.append([index, removed, added]) }
        #expect(list.pet(at: 0)?.name == "Rex")  // the first batch is read, with the 4 pets there are
        let other = ClinicDatabase.open(path: path) { _ in }  // `raypets --demo-data` beside the app
        try other.addDemoPets(count: 150)
        try data.add(PetDraft(name: "Pickle"))
        #expect(list.count == 155)
        #expect(updates == [[0, 4, 155]], "more than one row came: every row is shown again")
        let missing = (0..<list.count).filter { list.pet(at: $0) == nil }
        #expect(missing.isEmpty, "rows the list cannot read: \(missing.prefix(5))…")
        #expect(list.pet(at: 154)?.name == "Pickle")
    }
}

@MainActor
@Suite("Every unfiltered list opens without reading the pets while they do not change")
struct ListingCacheTests {
    /// A new list over `data`, its first row read (as "Which pet?" shows it).
    private func openList(_ data: ClinicData) -> (count: Int, first: String?) {
        let list = PetList(data: data, counter: nil)
        return (list.count, list.pet(at: 0)?.name)
    }

    @Test("a second list reads nothing; a pet added, renamed or deleted is read again; a record is not")
    func keptUntilThePetsChange() throws {
        let store = ClinicDatabase.inMemory()
        let data = ClinicData(store: store)
        #expect(openList(data) == (4, "Rex"))
        let reads = store.listing.reads
        #expect(reads == 2, "the count and the first batch")
        #expect(openList(data) == (4, "Rex"))
        #expect(store.listing.reads == reads, "nothing read for the second list")
        _ = try store.addRecord(
            AppointmentRequest(pet: "rex", visitType: .well, outcome: .noAppointmentRequired), time: 1)
        #expect(openList(data) == (4, "Rex"))
        #expect(store.listing.reads == reads, "an appointment record does not change the list")
        _ = try store.addPet(Pet(id: "", name: "Aardvark", species: .other, age: nil, notes: ""))
        #expect(openList(data).count == 5)
        try store.updatePet(Pet(id: "rex", name: "Rexy", species: .dog, age: nil, notes: ""))
        #expect(openList(data) == (5, "Rexy"))
        _ = try store.deletePet("rex")
        #expect(openList(data).count == 4)
        #expect(store.listing.reads == reads + 6, "each change read both again")
    }

    @Test("another connection's change to the file is seen by the next list")
    func anotherConnection() throws {
        let path = makeTemporaryFolder() + "/clinic.sqlite3"
        let store = ClinicDatabase.open(path: path) { _ in }
        let data = ClinicData(store: store)
        #expect(openList(data).count == 4)
        let other = ClinicDatabase.open(path: path) { _ in }  // another RayPets on the same file
        _ = try other.addPet(Pet(id: "", name: "Aardvark", species: .other, age: nil, notes: ""))
        #expect(openList(data).count == 5)
    }
}
