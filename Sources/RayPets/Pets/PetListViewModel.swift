import Navigation

/// A list of the user's pets to choose from: "My pets" (choose to see details) and
/// "Which pet?" (choose who the appointment is for).
@MainActor
public final class PetListViewModel: ScreenModel {
    /// One row: what the list shows for a pet.
    public struct Row: Equatable, Sendable {
        /// The pet's name.
        public let title: String
        /// "Dog, 3 years".
        public let subtitle: String
        /// A row.
        public init(title: String, subtitle: String) {
            self.title = title
            self.subtitle = subtitle
        }
    }

    /// The page title.
    public let title: String
    /// A line above the title giving context.
    public let caption: String?
    /// What the list is for.
    public let prompt: String
    /// The pets shown, in order.
    public let pets: [Pet]
    /// Set by the coordinator: what choosing a pet does.
    public var onSelect: (@MainActor (Pet) -> Void)?

    /// A list of the pets in `store`.
    public init(title: String, caption: String? = nil, prompt: String, store: any PetStore) {
        self.title = title
        self.caption = caption
        self.prompt = prompt
        self.pets = store.pets
    }

    /// `.petList`.
    public var screen: Screen { .petList(self) }

    /// The rows, in order.
    public var rows: [Row] { pets.map { Row(title: $0.name, subtitle: $0.summary) } }

    /// What the list says when there are no pets.
    public let emptyText = L("No pets yet.")

    /// Intent: the row at `index` was chosen (out-of-range indexes are ignored).
    public func select(at index: Int) {
        guard pets.indices.contains(index) else { return }
        onSelect?(pets[index])
    }
}
