/// The pets a list shows, read from the store a batch at a time: the list knows how many
/// pets match its search and reads only the batches asked for (the rows on screen), keeping a
/// few batches, so its cost and memory depend on what is shown, not on how many pets there are.
///
/// It follows the records itself, as a GListModel follows its store (`ClinicData.observe`,
/// after the `WindowCoordinator`, which moves navigation first): a pet added, renamed, deleted
/// or brought back changes its row in place, reported through `onUpdate` as a GListModel's
/// `items-changed` would be (the rows before it do not move, so the selection and the scroll
/// position stay).
///
/// A search is counted off the main actor when the store offers a `PetSearchCounter` (a
/// records file): typing never waits for a count, the rows show the old search until the new
/// count is in, a newer keystroke cancels the older count, and a count that comes back for a
/// search no longer typed is dropped.
@MainActor
public final class PetList {
    /// Pets read per query.
    public static let batchSize = 100
    /// Batches kept; the least recently used batch goes first.
    static let keptBatches = 8

    /// The search the list shows the matches of (`count`, the rows and `problem` are its).
    public private(set) var search = PetSearch.all
    /// The search typed last. It becomes `search` once its matches are counted: at once
    /// without a counter, else when the count comes back.
    public private(set) var typedSearch = PetSearch.all
    /// Whether the count of a search typed after `search` is running.
    public var isSearching: Bool { pendingCount != nil }
    /// How many pets match it.
    public private(set) var count = 0
    /// Why the pets could not be read, if the last read failed (the list then shows what it
    /// could read).
    public private(set) var problem: StoreError?
    /// Called after the rows changed: at `index`, `removed` rows went and `added` came.
    public var onUpdate: (@MainActor (_ index: Int, _ removed: Int, _ added: Int) -> Void)?
    /// How many queries read pets since the list was made (for tests: paging is lazy).
    public private(set) var batchesRead = 0
    /// How many counts came back for a search no longer typed and were dropped (for tests).
    public private(set) var staleCountsDropped = 0

    private let store: any ClinicStore
    private let counter: (any PetSearchCounter)?
    /// The count of `typedSearch` while it runs.
    private var pendingCount: Task<Void, Never>?
    /// One more for every count started: a count finishing with another number is stale.
    private var searchGeneration = 0
    private var batches: [Int: [ListedPet]] = [:]
    private var recentBatches: [Int] = []
    private var observation: ClinicObservation?

    /// The pets in `data`, counted now; none is read until asked for. Searches are counted by
    /// the store's counter (`makeSearchCounter()`), if it has one.
    public convenience init(data: ClinicData) {
        self.init(data: data, counter: data.store.makeSearchCounter())
    }

    /// The pets in `data`, counted now; searches are counted by `counter` (on the main actor
    /// when `nil`).
    public init(data: ClinicData, counter: (any PetSearchCounter)?) {
        store = data.store
        self.counter = counter
        count = read { () throws(StoreError) in try store.petCount(matching: search, before: nil) } ?? 0
        observation = data.observe { [weak self] change in self?.clinicDataChanged(change) }
    }

    isolated deinit { pendingCount?.cancel() }

    /// The pet at `index` (0 is the first), reading its batch if it is not kept.
    public func pet(at index: Int) -> Pet? { listed(at: index)?.pet }

    /// The row of the pet `id`, if it is listed (one indexed lookup and one count).
    public func index(of id: Pet.ID) -> Int? {
        if let (batch, pets) = batches.first(where: { $0.value.contains { $0.pet.id == id } }),
            let offset = pets.firstIndex(where: { $0.pet.id == id })
        {
            return batch * Self.batchSize + offset
        }
        guard let listed = read({ () throws(StoreError) in try store.listedPet(id: id) }) ?? nil,
            let before = countBefore(listed.position), matches(listed.position, before: before)
        else { return nil }
        return before
    }

    /// Shows the matches of `text` instead (all rows are replaced): at once without a counter,
    /// else once the counter has counted them (`isSearching` until then). A newer search
    /// cancels the count of an older one.
    public func setSearch(_ text: String) {
        let new = PetSearch(text)
        guard new != typedSearch else { return }
        typedSearch = new
        startSearch()
    }

    /// Reads the count again and forgets every batch (after the store changed under the list).
    public func reload() {
        replaceRows(count: read { () throws(StoreError) in try store.petCount(matching: search, before: nil) } ?? 0)
    }

    /// Waits until the count of the search typed last is in and its rows are shown (for tests
    /// and benchmarks: the app follows `onUpdate`).
    public func searchSettled() async {
        while let pending = pendingCount { await pending.value }
    }

    private func replaceRows(count newCount: Int) {
        let old = count
        batches = [:]
        recentBatches = []
        count = newCount
        onUpdate?(0, old, count)
    }

    // MARK: Searching

    /// Counts `typedSearch`'s matches (cancelling the count of an older search), then shows them.
    private func startSearch() {
        searchGeneration += 1
        pendingCount?.cancel()
        pendingCount = nil
        guard typedSearch != search else { return }  // back to what is shown: nothing to count
        guard let counter else {
            search = typedSearch
            return reload()
        }
        let (searched, generation) = (typedSearch, searchGeneration)
        pendingCount = Task { [weak self] in
            let counted: Result<Int, StoreError>
            do throws(StoreError) {
                counted = .success(try await counter.count(matching: searched))
            } catch {
                counted = .failure(error)
            }
            self?.finishSearch(searched, generation: generation, counted: counted)
        }
    }

    /// The count of `searched` came back: shown if it is still the search typed last.
    private func finishSearch(_ searched: PetSearch, generation: Int, counted: Result<Int, StoreError>) {
        guard generation == searchGeneration else {
            staleCountsDropped += 1
            return
        }
        pendingCount = nil
        search = searched
        switch counted {
        case .success(let matches):
            problem = nil
            replaceRows(count: matches)
        case .failure:
            reload()  // counted here instead: a problem that stays is shown as `problem`
        }
    }

    /// Follows the records: the changed pet's row is added, replaced or removed in place. A
    /// search being counted is counted again, so its count includes the change.
    private func clinicDataChanged(_ change: ClinicData.Change) {
        defer { if pendingCount != nil { startSearch() } }
        switch change {
        case .added(let pet), .updated(_, let pet), .undeleted(let pet):
            guard let listed = read({ () throws(StoreError) in try store.listedPet(id: pet.id) }) ?? nil else {
                return reload()
            }
            changed(at: listed.position)
        case .deleted(_, let position):
            changed(at: position)
        case .recordAdded, .recordDeleted:
            break
        case .dayChanged(let from, let to):
            // A row shows the age: the kept rows of pets a year older today are shown again
            // (the others, read when shown, count to the day they are read).
            for (batch, pets) in batches.sorted(by: { $0.key < $1.key }) {
                for (offset, listed) in pets.enumerated()
                where listed.pet.age?.years(today: from) != listed.pet.age?.years(today: to) {
                    onUpdate?(batch * Self.batchSize + offset, 1, 1)
                }
            }
        }
    }

    // MARK: Batches

    private func listed(at index: Int) -> ListedPet? {
        guard index >= 0, index < count else { return nil }
        let batch = index / Self.batchSize
        let offset = index % Self.batchSize
        if batches[batch] == nil { load(batch) }
        use(batch)
        guard let pets = batches[batch], offset < pets.count else { return nil }
        return pets[offset]
    }

    /// Reads `batch`: right after the batch above it or right before the batch below it when
    /// one of them is kept (an index walk from a known position), else by its offset.
    private func load(_ batch: Int) {
        let start: PetBatchStart
        if let above = batches[batch - 1], above.count == Self.batchSize, let last = above.last {
            start = .after(last.position)
        } else if let below = batches[batch + 1], let first = below.first {
            start = .before(first.position)
        } else {
            start = .offset(batch * Self.batchSize)
        }
        batchesRead += 1
        guard
            let pets = read({ () throws(StoreError) in
                try store.pets(matching: search, from: start, limit: Self.batchSize)
            })
        else { return }
        batches[batch] = pets
        if batches.count > Self.keptBatches, let oldest = recentBatches.first(where: { $0 != batch }) {
            batches[oldest] = nil
            recentBatches.removeAll { $0 == oldest }
        }
    }

    private func use(_ batch: Int) {
        guard recentBatches.last != batch else { return }
        recentBatches.removeAll { $0 == batch }
        recentBatches.append(batch)
    }

    // MARK: Changes

    /// The pet at `position` was added, changed or deleted: the pets before it are as they
    /// were, so its row is the number of matches before it; the new count says whether a row
    /// came, went, or (if it still matches) changed.
    private func changed(at position: Int64) {
        guard let before = countBefore(position),
            let newCount = read({ () throws(StoreError) in try store.petCount(matching: search, before: nil) })
        else { return reload() }
        // Another program changed more than this one row (`raypets --demo-data` beside the
        // app): the rows are read again from the first, every kept batch forgotten — a batch
        // above the change may have been read when fewer pets were there.
        guard abs(newCount - count) <= 1 else { return replaceRows(count: newCount) }
        let old = count
        count = newCount
        // Batches from the changed row on are out of date; those above it are not.
        for batch in batches.keys where (batch + 1) * Self.batchSize > before {
            batches[batch] = nil
            recentBatches.removeAll { $0 == batch }
        }
        switch newCount - old {
        case 1: onUpdate?(before, 0, 1)
        case -1: onUpdate?(before, 1, 0)
        default: if matches(position, before: before) { onUpdate?(before, 1, 1) }
        }
    }

    private func countBefore(_ position: Int64) -> Int? {
        read { () throws(StoreError) in try store.petCount(matching: search, before: position) }
    }

    /// Whether the pet at `position` matches, given the count of matches before it.
    private func matches(_ position: Int64, before: Int) -> Bool {
        guard let through = countBefore(position + 1) else { return false }
        return through > before
    }

    private func read<T>(_ body: () throws(StoreError) -> T) -> T? {
        do {
            let value = try body()
            problem = nil
            return value
        } catch {
            problem = error
            return nil
        }
    }
}
