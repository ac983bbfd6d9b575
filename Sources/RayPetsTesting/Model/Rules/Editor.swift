import RayPets

/// The pet editor: a new pet's (*Add pet*, on My pets or in the appointment dialog) or a pet's
/// (*Edit*). The walk types into Notes only; a new pet's Save stays disabled (no name typed).
/// An editor with changes asks before it leaves ("Discard changes?", `Leaving.swift`).
extension ButtonRule {
    /// *Save* saves the pet's fields and the editor leaves; refused once over a pet saved
    /// differently since the editor read it (it stays).
    static let editor: [ButtonRule] = [
        ButtonRule("Save") { _, route in
            guard case .editPet = route else { return nil }
            return { model in if model.save(at: model.location) { model.stacks[model.tab]!.removeLast() } }
        }
    ]
}

extension NavigationModel {
    /// The fields of a pet the walk changes (it types Notes; the records rename), as stored or
    /// as an editor holds them.
    struct Fields: Hashable, Sendable {
        var name: String
        var notes: String

        init(_ pet: Pet) {
            name = pet.name
            notes = pet.notes
        }
    }

    /// An open editor: what it holds, and what it read.
    struct Editor: Hashable, Sendable {
        /// The pet edited; `nil` for a new pet.
        let pet: Pet.ID?
        /// The fields as typed (the name is the one the editor read: the walk types Notes only).
        var fields: Fields
        /// The notes as the editor read or last saved them: other notes are changes.
        var savedNotes: String
        /// The pet as the editor last read it: a Save over a pet saved differently since then
        /// is refused once.
        var base: Fields?

        /// Whether leaving loses something.
        var hasChanges: Bool { fields.notes != savedNotes }

        /// The editor `route` opens on `pets`.
        init(_ route: AppRoute, pets: [Pet]) {
            if case .editPet(let id) = route, let pet = pets.first(where: { $0.id == id }) {
                self.pet = id
                fields = Fields(pet)
                base = fields
            } else {
                pet = nil
                fields = Fields(Pet(id: "", name: "", species: .dog, age: nil))
                base = nil
            }
            savedNotes = fields.notes
        }
    }

    static func isEditor(_ route: AppRoute?) -> Bool {
        if case .editPet = route { return true }
        return route == .addPet
    }

    /// Whether the editor on top of `place` has changes.
    func hasChangedEditor(at place: Location) -> Bool {
        Self.isEditor(routes(at: place).last) && editors[place]?.hasChanges == true
    }

    /// What the shown editor offers besides its buttons: typing into Notes. Two texts, the one
    /// that differs from what the editor read: the model's states stay finite (the link tests
    /// search them all), and typing always makes changes.
    var editorActions: [UserAction] {
        guard Self.isEditor(shownRoute), let editor = editors[location] else { return [] }
        return [.typeNote(editor.savedNotes == "Typed A" ? "Typed B" : "Typed A")]
    }

    /// The editor at `place` saves what it holds. Refused once if its pet was saved
    /// differently since the editor read it (another window's editor, a rename from outside):
    /// the editor stays with its changes and reads the pet, so its next Save goes through.
    /// Whether it saved.
    mutating func save(at place: Location) -> Bool {
        guard var editor = editors[place], let pet = editor.pet,
            let index = pets.firstIndex(where: { $0.id == pet })
        else { return true }
        let stored = Fields(pets[index])
        guard editor.base == stored else {
            editor.base = stored
            editors[place] = editor
            events.append(.saveRefused)
            return false
        }
        pets[index].name = editor.fields.name
        pets[index].notes = editor.fields.notes
        editor.savedNotes = editor.fields.notes
        editor.base = editor.fields
        editors[place] = editor
        return true
    }
}
