import Glibc
import SQLite
import Testing

@testable import RayPets

/// A counter whose counts finish only when the test says, in the order it says: it answers
/// with the store's own count, or with `answer` when given one.
private actor ScriptedCounter: PetSearchCounter {
    private var waiting: [(text: String, resume: CheckedContinuation<Int, Never>)] = []
    /// Every search asked for, in order.
    private(set) var asked: [String] = []
    /// The searches whose task was cancelled by the time they finished.
    private(set) var cancelled: [String] = []

    func count(matching search: PetSearch) async throws(StoreError) -> Int {
        asked.append(search.text)
        let count = await withCheckedContinuation { waiting.append((search.text, $0)) }
        if Task.isCancelled { cancelled.append(search.text) }
        return count
    }

    /// Finishes the oldest waiting count of `text` with `count`.
    func finish(_ text: String, with count: Int) {
        guard let index = waiting.firstIndex(where: { $0.text == text }) else { return }
        waiting.remove(at: index).resume.resume(returning: count)
    }

    var waitingCount: Int { waiting.count }
}

/// Whether a word of `name` starts with `prefix` (any case).
private func hasWord(starting prefix: String, _ name: String) -> Bool {
    name.lowercased().split { !($0.isLetter || $0.isNumber) }.contains { $0.hasPrefix(prefix) }
}

/// Suspends until `condition` holds (at most 5,000 turns of the main actor).
@MainActor
private func eventually(_ what: Comment, _ condition: () async -> Bool) async {
    for _ in 0..<5_000 {
        if await condition() { return }
        await Task.yield()
    }
    Issue.record("never: \(what)")
}

@MainActor
@Suite("A search is counted off the main actor: typing never waits, a newer keystroke cancels the older count")
struct PetSearchCountTests {
    let store = ClinicDatabase.inMemory()
    let data: ClinicData

    init() throws {
        _ = try store.addDemoPets(count: 3_000, today: SimpleDate(year: 2026, month: 11, day: 24)!)
        data = ClinicData(store: store, today: { SimpleDate(year: 2026, month: 11, day: 24)! })
    }

    private func matches(_ text: String) throws -> Int {
        try store.petCount(matching: PetSearch(text), before: nil)
    }

    @Test("typing b, bi, bis: the rows stay until a count is in; only the last search's count is shown")
    func staleCountsAreDropped() async throws {
        let counter = ScriptedCounter()
        let list = PetList(data: data, counter: counter)
        var updates: [[Int]] = []
        list.onUpdate = { updates.append([$0, $1, $2]) }
        for text in ["b", "bi", "bis"] { list.setSearch(text) }
        #expect(list.typedSearch.text == "bis" && list.search == .all && list.isSearching)
        #expect(list.count == 3_004 && updates.isEmpty, "typing changes no row")
        await eventually("three counts asked") { await counter.asked.count == 3 }
        #expect(await counter.asked == ["b", "bi", "bis"])
        // The last search's count comes back first: shown at once.
        await counter.finish("bis", with: try matches("bis"))
        await list.searchSettled()
        #expect(list.search.text == "bis" && !list.isSearching)
        #expect(list.count == (try matches("bis")))
        #expect(updates == [[0, 3_004, list.count]])
        #expect(list.pet(at: 0).map { hasWord(starting: "bis", $0.name) } == true)
        // The older ones come back later: dropped, and they had been cancelled.
        await counter.finish("b", with: try matches("b"))
        await counter.finish("bi", with: try matches("bi"))
        await eventually("two stale counts dropped") { list.staleCountsDropped == 2 }
        let bis = try matches("bis")
        #expect(list.search.text == "bis" && list.count == bis && updates.count == 1)
        #expect(await counter.cancelled == ["b", "bi"])
    }

    @Test("a pet added while a search is counted: counted again, and the shown count includes it")
    func changeWhileCounting() async throws {
        let counter = ScriptedCounter()
        let list = PetList(data: data, counter: counter)
        list.setSearch("bis")
        await eventually("a count asked") { await counter.asked.count == 1 }
        let before = try matches("bis")
        _ = try data.add(PetDraft(name: "Bismarck"))
        await eventually("counted again") { await counter.asked.count == 2 }
        #expect(await counter.asked == ["bis", "bis"])
        await counter.finish("bis", with: before)  // the first count: from before the change
        await eventually("the first count dropped") { list.staleCountsDropped == 1 }
        #expect(list.search == .all && list.isSearching)
        await counter.finish("bis", with: try matches("bis"))
        await list.searchSettled()
        #expect(list.count == before + 1 && list.pet(at: list.count - 1)?.name == "Bismarck")
    }

    @Test("back to the search shown before its count came: nothing left to count, the rows stay")
    func backToShown() async throws {
        let counter = ScriptedCounter()
        let list = PetList(data: data, counter: counter)
        list.setSearch("b")
        list.setSearch("")
        #expect(!list.isSearching && list.search == .all && list.count == 3_004)
        await eventually("the count asked") { await counter.asked.count == 1 }
        await counter.finish("b", with: try matches("b"))
        await eventually("its count dropped") { list.staleCountsDropped == 1 }
        #expect(list.search == .all && list.count == 3_004)
    }

    @Test("a records file counts on a connection of its own; the list model shows the matches once counted")
    func fileCounter() async throws {
        let path = makeTemporaryFolder() + "/clinic.sqlite3"
        let file = ClinicDatabase.open(path: path) { _ in }
        _ = try file.addDemoPets(count: 2_000, today: SimpleDate(year: 2026, month: 11, day: 24)!)
        let counter = try #require(file.makeSearchCounter(), "a records file has a counter")
        #expect(ClinicDatabase.inMemory().makeSearchCounter() == nil, ":memory: has none: one connection sees it")
        for text in ["b", "bis", "bis fe", "zzz", "", "!!!"] {
            let expected = try file.petCount(matching: PetSearch(text), before: nil)
            #expect(try await counter.count(matching: PetSearch(text)) == expected, "\(text)")
        }
        let model = PetListModel(title: "My pets", prompt: "", data: ClinicData(store: file))
        model.search("bis")
        #expect(model.searchText == "bis" && model.isSearching && model.count == 2_004)
        await model.list.searchSettled()
        #expect(model.count == (try file.petCount(matching: PetSearch("bis"), before: nil)))
        #expect(model.rows.allSatisfy { hasWord(starting: "bis", $0.title) })
        // A count whose task is cancelled stops and throws.
        let cancelled = Task { () async throws -> Int in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await counter.count(matching: PetSearch("b"))
        }
        await #expect(throws: StoreError.self) { try await cancelled.value }
    }

    @Test("SQLite stops a statement whose task is cancelled, and only then")
    func progressHandler() async throws {
        let database = try Database(path: ":memory:", mode: .readWriteCreate)
        database.stopsWhenTaskIsCancelled()
        let sql =
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000) SELECT count(*) FROM n"
        #expect(try database.integer(sql) == 200_000, "not cancelled: runs to the end")
        let outcome = await Task { () -> Result<Int64?, SQLiteError> in
            withUnsafeCurrentTask { $0?.cancel() }
            return Result { () throws(SQLiteError) in try database.integer(sql) }
        }.value
        #expect(throws: SQLiteError.self) { try outcome.get() }
        if case .failure(let error) = outcome { #expect(error.isInterrupted, "\(error)") }
        #expect(try database.integer(sql) == 200_000, "the next statement, in a task not cancelled, runs")
    }
}
