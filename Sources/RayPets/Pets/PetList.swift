/// The pets a list shows, read from the store a page at a time: the list knows how many
/// pets match its search and reads only the pages asked for (the rows on screen), keeping a
/// few pages, so its cost and memory depend on what is shown, not on how many pets there are.
///
/// It follows the records: a pet added, renamed, deleted or brought back changes its row in
/// place, reported through `onUpdate` as a GListModel's `items-changed` would be (the rows
/// before it do not move, so the selection and the scroll position stay).
@MainActor
public final class PetList {
    /// Pets read per query.
    public static let pageSize = 100
    /// Pages kept; the least recently used page goes first.
    static let keptPages = 8

    /// The search the list shows the matches of.
    public private(set) var search = PetSearch.all
    /// How many pets match it.
    public private(set) var count = 0
    /// Why the pets could not be read, if the last read failed (the list then shows what it
    /// could read).
    public private(set) var problem: StoreError?
    /// Called after the rows changed: at `index`, `removed` rows went and `added` came.
    public var onUpdate: (@MainActor (_ index: Int, _ removed: Int, _ added: Int) -> Void)?
    /// How many queries read pets since the list was made (for tests: paging is lazy).
    public private(set) var pagesRead = 0

    private let store: any ClinicStore
    private var pages: [Int: [ListedPet]] = [:]
    private var recentPages: [Int] = []

    /// The pets in `data`, counted now; none is read until asked for.
    public init(data: ClinicData) {
        store = data.store
        count = read { () throws(StoreError) in try store.petCount(matching: search, before: nil) } ?? 0
    }

    /// The pet at `index` (0 is the first), reading its page if it is not kept.
    public func pet(at index: Int) -> Pet? { listed(at: index)?.pet }

    /// The row of the pet `id`, if it is listed (one indexed lookup and one count).
    public func index(of id: Pet.ID) -> Int? {
        if let (page, pets) = pages.first(where: { $0.value.contains { $0.pet.id == id } }),
            let offset = pets.firstIndex(where: { $0.pet.id == id })
        {
            return page * Self.pageSize + offset
        }
        guard let listed = read({ () throws(StoreError) in try store.listedPet(id: id) }) ?? nil,
            let before = countBefore(listed.position), matches(listed.position, before: before)
        else { return nil }
        return before
    }

    /// Shows the matches of `text` instead (all rows are replaced).
    public func setSearch(_ text: String) {
        let new = PetSearch(text)
        guard new != search else { return }
        search = new
        reload()
    }

    /// Reads the count again and forgets every page (after the store changed under the list).
    public func reload() {
        let old = count
        pages = [:]
        recentPages = []
        count = read { () throws(StoreError) in try store.petCount(matching: search, before: nil) } ?? 0
        onUpdate?(0, old, count)
    }

    /// Follows the records: the changed pet's row is added, replaced or removed in place.
    public func clinicDataChanged(_ change: ClinicData.Change) {
        switch change {
        case .added(let pet), .updated(_, let pet), .restored(let pet):
            guard let listed = read({ () throws(StoreError) in try store.listedPet(id: pet.id) }) ?? nil else {
                return reload()
            }
            changed(at: listed.position)
        case .deleted(_, let position):
            changed(at: position)
        case .recordAdded, .recordDeleted:
            break
        }
    }

    // MARK: Pages

    private func listed(at index: Int) -> ListedPet? {
        guard index >= 0, index < count else { return nil }
        let page = index / Self.pageSize
        let offset = index % Self.pageSize
        if pages[page] == nil { load(page) }
        use(page)
        guard let pets = pages[page], offset < pets.count else { return nil }
        return pets[offset]
    }

    /// Reads `page`: right after the page above it or right before the page below it when
    /// one of them is kept (an index walk from a known position), else by its offset.
    private func load(_ page: Int) {
        let start: PetPageStart
        if let above = pages[page - 1], above.count == Self.pageSize, let last = above.last {
            start = .after(last.position)
        } else if let below = pages[page + 1], let first = below.first {
            start = .before(first.position)
        } else {
            start = .offset(page * Self.pageSize)
        }
        pagesRead += 1
        guard
            let pets = read({ () throws(StoreError) in
                try store.pets(matching: search, from: start, limit: Self.pageSize)
            })
        else { return }
        pages[page] = pets
        if pages.count > Self.keptPages, let oldest = recentPages.first(where: { $0 != page }) {
            pages[oldest] = nil
            recentPages.removeAll { $0 == oldest }
        }
    }

    private func use(_ page: Int) {
        guard recentPages.last != page else { return }
        recentPages.removeAll { $0 == page }
        recentPages.append(page)
    }

    // MARK: Changes

    /// The pet at `position` was added, changed or deleted: the pets before it are as they
    /// were, so its row is the number of matches before it; the new count says whether a row
    /// came, went, or (if it still matches) changed.
    private func changed(at position: Int64) {
        guard let before = countBefore(position),
            let newCount = read({ () throws(StoreError) in try store.petCount(matching: search, before: nil) })
        else { return reload() }
        let old = count
        count = newCount
        // Pages from the changed row on are out of date; those above it are not.
        for page in pages.keys where (page + 1) * Self.pageSize > before {
            pages[page] = nil
            recentPages.removeAll { $0 == page }
        }
        switch newCount - old {
        case 1: onUpdate?(before, 0, 1)
        case -1: onUpdate?(before, 1, 0)
        case 0: if matches(position, before: before) { onUpdate?(before, 1, 1) }
        default: onUpdate?(0, old, newCount)  // another program changed more: start again
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
