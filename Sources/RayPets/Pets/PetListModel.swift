import Navigation

/// A list of the user's pets to choose from: "My pets" (choose to see details) and
/// "Which pet?" (choose who the appointment is for), with a search by name. The rows are
/// read a batch at a time (`PetList`): however many pets there are, only the rows on screen
/// are read. Its list follows the records: a pet added, renamed, deleted or brought back
/// changes its row in place.
@MainActor
public final class PetListModel: AppPageModel, ChangingModel {
    /// One row: what the list shows for a pet.
    public struct Row: Equatable, Sendable {
        /// The pet's id (the view keeps the selection on it while rows change).
        public let id: Pet.ID
        /// The pet's name.
        public let title: String
        /// "Dog, 3 years".
        public let subtitle: String
        /// A row.
        public init(id: Pet.ID, title: String, subtitle: String) {
            self.id = id
            self.title = title
            self.subtitle = subtitle
        }
    }

    /// When the list offers "Add pet".
    public enum AddAction: Sendable {
        /// Always (My pets).
        case always
        /// Only when there are no pets (Which pet?).
        case whenEmpty
    }

    /// The page title.
    public let title: String
    /// A line above the title giving context.
    public let caption: String?
    /// What the list is for.
    public let prompt: String
    /// The pets shown, in order: those matching the search.
    public let list: PetList
    /// When "Add pet" shows.
    public let addAction: AddAction
    private let data: ClinicData
    /// The pet whose page is open above the list (beside it on a wide window: its row shows
    /// as selected), if any. Set by the coordinator.
    public private(set) var shownPet: Pet.ID?
    /// The pet whose page was opened last, still open or not: its row gets the focus when the
    /// list comes back.
    public private(set) var recentPet: Pet.ID?
    /// The recent pet's row when its page opened: the nearest row once the pet is gone.
    private var recentRow: Int?
    /// Set by the coordinator: what choosing a pet does.
    public var onSelect: (@MainActor (Pet) -> Void)?
    /// Set by the coordinator: what *Open in New Window* on a row does (`nil`: not offered).
    public var onOpenInNewWindow: (@MainActor (Pet) -> Void)?
    /// Set by the coordinator: what "Add pet" does.
    public var onAdd: (@MainActor () -> Void)?
    /// Set by the view: called after the row shown as open changed. Rows that come and go (and
    /// with them the count and the empty state) are told by `list.onUpdate`.
    public var onChange: (@MainActor () -> Void)?

    /// A list of the pets in `data`.
    public init(
        title: String, caption: String? = nil, prompt: String, data: ClinicData, addAction: AddAction = .always
    ) {
        self.title = title
        self.caption = caption
        self.prompt = prompt
        self.data = data
        self.addAction = addAction
        list = PetList(data: data)
    }

    /// `.petList`.
    public var kind: PageKind { .petList(self) }

    /// How many rows there are.
    public var count: Int { list.count }

    /// The row at `index` (read with its batch if it is not at hand).
    public func row(at index: Int) -> Row? {
        list.pet(at: index).map { Row(id: $0.id, title: $0.name, subtitle: $0.summary) }
    }

    /// The id of the pet at `index` (cheaper than `row(at:)`: nothing is formatted).
    public func rowID(at index: Int) -> Pet.ID? { list.pet(at: index)?.id }

    /// Every row, in order. Reads them all: for tests and small lists.
    public var rows: [Row] { (0..<count).compactMap(row(at:)) }

    /// The search's placeholder.
    public let searchPlaceholder = L("Search pets by name")
    /// The list's name for a screen reader, said as the focus enters it ("Pets. List with 4
    /// items."): not the page's title, which the reader has just said.
    public let listLabel = L("Pets")

    /// What was typed in the search (the rows show its matches once they are counted).
    public var searchText: String { list.typedSearch.text }

    /// Whether the rows still show an older search while the matches of `searchText` are
    /// counted.
    public var isSearching: Bool { list.isSearching }

    /// Intent: the search text changed; the rows become its matches (the view hears
    /// it from `list.onUpdate`) once they are counted: at once, or off the main actor for a records file.
    public func search(_ text: String) {
        list.setSearch(text)
    }

    /// What the list says when it shows no row.
    public var emptyText: String {
        if let problem = list.problem {
            return L("The pets could not be read: {problem}", ["problem": problem.userMessage])
        }
        return list.search.isAll
            ? L("No pets yet.") : L("No pets match “{text}”.", ["text": list.search.text.quotedInMessage(40)])
    }

    /// The label of the add action.
    public let addTitle = L("Add pet")

    /// Whether "Add pet" shows now.
    public var showsAdd: Bool { addAction == .always || (count == 0 && list.search.isAll) }

    /// Whether "Add pet" can be used (not while the records are read-only).
    public var canAdd: Bool { !data.isReadOnly }

    /// Intent: the row at `index` was chosen (out-of-range indexes are ignored).
    public func select(at index: Int) {
        guard let pet = list.pet(at: index) else { return }
        onSelect?(pet)
    }

    /// Whether a row offers *Open in New Window* (its context menu, Ctrl+Enter).
    public var opensInNewWindow: Bool { onOpenInNewWindow != nil }
    /// The context menu item's title.
    public var openInNewWindowTitle: String { L("Open in New Window") }

    /// Intent: *Open in New Window* on the row at `index` (its context menu, or Ctrl+Enter):
    /// the pet's page opens in a new window; this window stays as it is.
    public func openInNewWindow(at index: Int) {
        guard let pet = list.pet(at: index) else { return }
        onOpenInNewWindow?(pet)
    }

    /// Intent: choose the pet `id` (a link does, whatever the search shows); `false` if there
    /// is no such pet.
    @discardableResult
    public func select(id: Pet.ID) -> Bool {
        guard let pet = data.pet(id: id) else { return false }
        onSelect?(pet)
        return true
    }

    /// The row of `shownPet`, if it is listed.
    public var shownRow: Int? { shownPet.flatMap(list.index(of:)) }

    /// The row that gets the focus when the list shows: the recent pet's; if that pet was
    /// deleted, the row now where its row was (or the last row); else the first.
    public var focusRow: Int? {
        guard count > 0 else { return nil }
        if let row = recentPet.flatMap(list.index(of:)) { return row }
        return min(recentRow ?? 0, count - 1)
    }

    /// The coordinator opened `pet`'s page above the list (`nil`: that page left).
    public func showing(_ pet: Pet.ID?) {
        shownPet = pet
        if let pet {
            recentPet = pet
            recentRow = list.index(of: pet)
        }
        onChange?()
    }

    /// Intent: "Add pet".
    public func add() {
        guard showsAdd, canAdd else { return }
        onAdd?()
    }
}
