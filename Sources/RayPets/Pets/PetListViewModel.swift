import Navigation

/// A list of the user's pets to choose from: "My pets" (choose to see details) and
/// "Which pet?" (choose who the appointment is for). It follows the records: a pet added,
/// renamed, deleted or brought back changes its row in place.
@MainActor
public final class PetListViewModel: ScreenModel, ChangingModel, FollowsClinicData {
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
    /// The pets shown, in order.
    public private(set) var pets: [Pet]
    /// When "Add pet" shows.
    public let addAction: AddAction
    private let data: ClinicData
    /// The pet whose page is open above the list (beside it on a wide window: its row shows
    /// as selected), if any. Set by the coordinator.
    public private(set) var shownPet: Pet.ID?
    /// The pet whose page was opened last, still open or not: its row gets the focus when the
    /// list comes back.
    public private(set) var recentPet: Pet.ID?
    /// Set by the coordinator: what choosing a pet does.
    public var onSelect: (@MainActor (Pet) -> Void)?
    /// Set by the coordinator: what "Add pet" does.
    public var onAdd: (@MainActor () -> Void)?
    /// Set by the view: called after the rows changed.
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
        self.pets = data.pets
    }

    /// `.petList`.
    public var screen: Screen { .petList(self) }

    /// The rows, in order.
    public var rows: [Row] { pets.map { Row(id: $0.id, title: $0.name, subtitle: $0.summary) } }

    /// What the list says when there are no pets.
    public var emptyText: String {
        data.loadProblem.map { L("The pets could not be read: {problem}", ["problem": $0.userMessage]) }
            ?? L("No pets yet.")
    }

    /// The label of the add action.
    public let addTitle = L("Add pet")

    /// Whether "Add pet" shows now.
    public var showsAdd: Bool { addAction == .always || pets.isEmpty }

    /// Whether "Add pet" can be used (not while the records are read-only).
    public var canAdd: Bool { !data.isReadOnly }

    /// Intent: the row at `index` was chosen (out-of-range indexes are ignored).
    public func select(at index: Int) {
        guard pets.indices.contains(index) else { return }
        onSelect?(pets[index])
    }

    /// The row of `shownPet`, if it is listed.
    public var shownRow: Int? { shownPet.flatMap { id in pets.firstIndex { $0.id == id } } }

    /// The row that gets the focus when the list shows: the recent pet's, else the first.
    public var focusRow: Int? {
        recentPet.flatMap { id in pets.firstIndex { $0.id == id } } ?? (pets.isEmpty ? nil : 0)
    }

    /// The coordinator opened `pet`'s page above the list (`nil`: that page left).
    public func showing(_ pet: Pet.ID?) {
        shownPet = pet
        if let pet { recentPet = pet }
        onChange?()
    }

    /// Intent: "Add pet".
    public func add() {
        guard showsAdd, canAdd else { return }
        onAdd?()
    }

    /// Follows the records: re-reads the pets when one was added, changed, deleted or restored.
    public func clinicDataChanged(_ change: ClinicData.Change) {
        switch change {
        case .added, .updated, .deleted, .restored:
            pets = data.pets
            onChange?()
        case .recordAdded, .recordDeleted: break
        }
    }
}
