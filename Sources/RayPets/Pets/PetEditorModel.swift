import Navigation

/// The pet editor: a new pet or an existing one's fields. Each field's problem shows at the
/// field once the field was changed, or at once if the saved pet breaks a rule now; Save is
/// disabled while any rule is broken. A failed
/// save (disk full, busy, read-only) keeps the page with the error, and nothing is saved.
/// It follows the records changed elsewhere (another window): a rename of its pet changes the
/// title, and any change of the pets shows the rules' messages again (a name taken or freed);
/// what the user typed stays as typed.
@MainActor
public final class PetEditorModel: AppPageModel, ChangingModel, FollowsClinicData {
    /// The pet being edited, or `nil` for a new pet.
    public let petID: Pet.ID?
    /// The page title: "New pet" or "Edit Rex" (the pet's name as saved now).
    public private(set) var title: String
    /// The fields as typed.
    public private(set) var draft: PetDraft
    /// The fields the user changed (their problems show).
    public private(set) var touched: Set<PetField> = []
    /// Why the last save failed, if it did.
    public private(set) var saveError: String?
    /// The fields as they were when the editor opened (or last saved).
    public private(set) var original: PetDraft
    /// The pet as this editor last read it (when it opened, when a Save was refused because
    /// another window had saved it since, when it saved): what its next Save is checked
    /// against. Kept with a draft on quit. `nil` for a new pet.
    public internal(set) var base: Pet?
    /// The field with the keyboard focus (set by the view; saved with a draft on quit).
    public var focusedField: PetField?
    private let data: ClinicData
    /// Set by the coordinator: saves the draft (throws when nothing was saved).
    public var onSave: (@MainActor (PetDraft) throws(StoreError) -> Void)?
    /// Set by the view.
    public var onChange: (@MainActor () -> Void)?
    /// Set by the coordinator: the user's change made the draft differ from the pet (it had
    /// none before). The journal records it, without the text.
    public var onEdited: (@MainActor () -> Void)?

    /// An editor for a new pet (`pet: nil`) or for `pet`; with `draft`, showing those
    /// fields instead (a draft kept when the app quit), as changed by the user. With `base`
    /// (the pet as that draft's editor had read it; ignored unless it is `pet`'s), the editor
    /// is based on it rather than on `pet` as it is now: its fields are what the draft is
    /// compared with, and a Save is checked against it.
    public init(pet: Pet?, data: ClinicData, draft: PetDraft? = nil, base: Pet? = nil) {
        self.petID = pet?.id
        self.data = data
        let base = base.flatMap { $0.id == pet?.id ? $0 : nil } ?? pet
        self.base = base
        let original = base.map { PetDraft($0, today: data.today()) } ?? PetDraft()
        self.original = original
        self.draft = draft ?? original
        self.title = pet.map { L("Edit {pet}", ["pet": $0.name]) } ?? L("New pet")
        if let draft { touched = Set(PetField.allCases.filter { draft.value(of: $0) != original.value(of: $0) }) }
        offersDiscard = draft.map { $0 != original } ?? false
    }

    /// Follows the records: a new name of this pet in the title; after any change of the pets
    /// the view reads the rules' messages again (which names are taken may have changed). The
    /// fields as typed, and what they are compared with, stay.
    public func clinicDataChanged(_ change: ClinicData.Change) {
        switch change {
        case .updated(_, let new) where new.id == petID:
            title = L("Edit {pet}", ["pet": new.name])
        case .added, .updated, .deleted, .undeleted:
            break
        case .dayChanged:
            break  // a birth date "today" may be in the future no longer, or be now
        case .recordAdded, .recordDeleted:
            return
        }
        onChange?()
    }

    /// Whether the fields differ from what is saved: leaving would lose them.
    public var hasChanges: Bool { draft != original }

    /// The draft was saved: nothing is lost by leaving now.
    public func markSaved() {
        original = draft
        offersDiscard = false
    }

    /// Whether the editor opened with changes made before (an editor that ended with them, or
    /// the last run's), and offers to discard them (`discardChanges()`): the page says so.
    public private(set) var offersDiscard = false
    /// What the page says while `offersDiscard`.
    public let keptChangesNotice = L("These are the changes you made before, not yet saved.")
    /// The title of the button that discards them.
    public let discardTitle = L("Discard changes")

    /// Intent: *Discard changes*: the fields go back to the pet as saved.
    public func discardChanges() {
        draft = original
        touched = []
        saveError = nil
        offersDiscard = false
        onChange?()
    }

    /// `.petEditor`.
    public var kind: PageKind { .petEditor(self) }

    /// Every rule the draft breaks, by field.
    public var problems: [PetField: String] { data.problems(in: draft, editing: petID) }

    /// The problem to show at `field`: once it was changed, and at once while it holds the
    /// saved pet's value (a birth date that is in the future where the user is now, a name
    /// another pet took meanwhile): Save is disabled for it, and the user must see why.
    public func problem(at field: PetField) -> String? {
        let saved = petID != nil && draft.value(of: field) == original.value(of: field)
        return touched.contains(field) || saved ? problems[field] : nil
    }

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
        let had = hasChanges
        defer { if !had && hasChanges { onEdited?() } }
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
        if let onSave { saveWithoutLeaving(onSave) }
    }

    /// Saves through `save` (the coordinator's way to store the draft) and shows why if it
    /// failed; while `canSave` is false, shows every field's problem instead.
    public func saveWithoutLeaving(_ save: @MainActor (PetDraft) throws(StoreError) -> Void) {
        guard canSave else {
            touched.formUnion(PetField.allCases)
            onChange?()
            return
        }
        do {
            try save(draft)
        } catch {
            saveError = error.userMessage
            onChange?()
        }
    }
}
