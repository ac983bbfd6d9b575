import Navigation

/// The pet editor: a new pet or an existing one's fields. Each field's problem shows at the
/// field once the field was changed; Save is disabled while any rule is broken. A failed
/// save (disk full, busy, read-only) keeps the page with the error, and nothing is saved.
@MainActor
public final class PetEditorViewModel: ScreenModel, ChangingModel {
    /// The pet being edited, or `nil` for a new pet.
    public let petID: Pet.ID?
    /// The page title: "New pet" or "Edit Rex".
    public let title: String
    /// The fields as typed.
    public private(set) var draft: PetDraft
    /// The fields the user changed (their problems show).
    public private(set) var touched: Set<PetField> = []
    /// Why the last save failed, if it did.
    public private(set) var saveError: String?
    private let data: ClinicData
    /// Set by the coordinator: saves the draft (throws when nothing was saved).
    public var onSave: (@MainActor (PetDraft) throws(StoreError) -> Void)?
    /// Set by the view.
    public var onChange: (@MainActor () -> Void)?

    /// An editor for a new pet (`pet: nil`) or for `pet`.
    public init(pet: Pet?, data: ClinicData) {
        self.petID = pet?.id
        self.data = data
        self.draft = pet.map(PetDraft.init) ?? PetDraft()
        self.title = pet.map { L("Edit {pet}", ["pet": $0.name]) } ?? L("New pet")
    }

    /// `.petEditor`.
    public var screen: Screen { .petEditor(self) }

    /// Every rule the draft breaks, by field.
    public var problems: [PetField: String] { data.problems(in: draft, editing: petID) }

    /// The problem to show at `field` (only once it was changed).
    public func problem(at field: PetField) -> String? { touched.contains(field) ? problems[field] : nil }

    /// Whether Save can be pressed.
    public var canSave: Bool { problems.isEmpty && !data.isReadOnly }

    /// The species to choose from, with their titles.
    public let speciesOptions = Species.allCases
    /// Field labels.
    public let nameLabel = L("Name"), speciesLabel = L("Species"), ageLabel = L("Birth date or age"),
        notesLabel = L("Notes"), saveTitle = L("Save")
    /// The age field's hint.
    public let agePlaceholder = L("YYYY-MM-DD, or years")

    /// Intent: the user changed a field.
    public func set(_ field: PetField, to value: String) {
        switch field {
        case .name: draft.name = value
        case .age: draft.age = value
        case .notes: draft.notes = value
        case .species: draft.species = Species(rawValue: value) ?? draft.species
        }
        touched.insert(field)
        saveError = nil
        onChange?()
    }

    /// Intent: Save. Does nothing while `canSave` is false.
    public func save() {
        guard canSave else {
            touched.formUnion(PetField.allCases)
            onChange?()
            return
        }
        do {
            try onSave?(draft)
        } catch {
            saveError = error.userMessage
            onChange?()
        }
    }
}
