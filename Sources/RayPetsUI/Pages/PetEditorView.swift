import Gtk
import GtkNavigation
import RayPets

/// The pet editor: name, species, birth date or age, notes, and Save. A field's problem
/// shows under it (and is its accessible description); Save is insensitive while any rule
/// is broken; a failed save shows why above Save. The headline, the problems and Save follow
/// the model's changes (also those made in another window). Changes made before (an editor
/// that ended with them, or the last run's) come with a line that says so and *Discard
/// changes*. Binds to a `PetEditorModel`.
@MainActor
final class PetEditorView: PageView {
    let widget: Widget
    let initialFocus: Widget?
    /// Opened from the sidebar's Add pet beside My pets, the editor takes the focus: the user
    /// is about to type its name.
    var takesFocusFromSidebar: Bool { true }

    init(model: PetEditorModel) {
        let layout = PageLayout(headline: model.title, text: "")
        let form = Grid(rowSpacing: 4, columnSpacing: 12)
        form.addCSSClass("raypets-form")
        let name = Entry()
        name.text = model.draft.name
        name.maxLength = PetRules.maxNameInputLength
        let species = DropDown(items: model.speciesOptions.map(\.title))
        species.selectedIndex = model.speciesOptions.firstIndex(of: model.draft.species) ?? 0
        let age = Entry(placeholder: model.agePlaceholder)
        age.text = model.draft.age
        let notes = TextView()
        notes.text = model.draft.notes
        // A paste takes at most what the notes may hold (a longer older note stays whole).
        notes.maxLength = PetRules.maxNotesLength
        notes.addCSSClass("raypets-notes")
        var problems: [PetField: Label] = [:]
        let fields: [(PetField, String, Widget)] = [
            (.name, model.nameLabel, name), (.species, model.speciesLabel, species), (.age, model.ageLabel, age),
            (.notes, model.notesLabel, notes),
        ]
        for (index, (field, title, control)) in fields.enumerated() {
            let label = Label(title)
            label.alignStart()
            label.addCSSClass("raypets-field-label")
            control.setAccessibleLabel(title)
            control.setExpand(horizontal: true, vertical: false)
            // An alert: a screen reader reaches it as an alert's text (and, from the field, as
            // the field's description; the field is marked invalid).
            let problem = Label(message: .alert)
            problem.addCSSClass("raypets-field-problem")
            problem.alignStart()
            problem.wrapStart()
            problem.isVisible = false
            problems[field] = problem
            control.onFocusEnter { [weak model] in model?.focusedField = field }
            let row = Int32(index * 3)
            form.attach(label, column: 0, row: row)
            form.attach(control, column: 0, row: row + 1)
            form.attach(problem, column: 0, row: row + 2)
        }
        // Changes made before: said, with the way to let them go (no question asked).
        let kept = Box(.vertical, spacing: 6)
        let keptNotice = Label(model.keptChangesNotice)
        keptNotice.alignStart()
        keptNotice.wrapStart()
        kept.append(keptNotice)
        let discard = Button(label: model.discardTitle)
        discard.setAlignment(horizontal: .start, vertical: .center)
        kept.append(discard)
        _ = discard.onClicked { [weak model, weak name, weak species, weak age, weak notes] in
            guard let model else { return }
            let saved = model.original
            name?.text = saved.name
            species?.selectedIndex = model.speciesOptions.firstIndex(of: saved.species) ?? 0
            age?.text = saved.age
            notes?.text = saved.notes
            model.discardChanges()
            _ = name?.grabFocus()
        }
        layout.content.append(kept)
        layout.content.append(form)
        let saveError = Label(message: .alert)
        saveError.addCSSClass("raypets-field-problem")
        saveError.wrapCentered()
        saveError.isVisible = false
        layout.actions.append(saveError)
        let save = layout.addButton(model.saveTitle, cssClass: "suggested-action") { [weak model] in model?.save() }

        func update(_ model: PetEditorModel) {
            layout.update(headline: model.title, text: "", caption: nil)  // the pet renamed elsewhere
            for (field, _, control) in fields {
                let problem = model.problem(at: field)
                if let problem, problems[field]?.text != problem { problems[field]?.announce(problem) }
                problems[field]?.text = problem ?? ""
                problems[field]?.isVisible = problem != nil
                control.setInvalid(problem != nil)
                control.setAccessibleDescription(problem ?? "")
            }
            save.isSensitive = model.canSave
            kept.isVisible = model.offersDiscard
            if let error = model.saveError, saveError.text != error { saveError.announce(error, urgent: true) }
            saveError.text = model.saveError ?? ""
            saveError.isVisible = model.saveError != nil
        }
        name.onChanged { [weak model, weak name] in if let name { model?.set(.name, to: name.text) } }
        age.onChanged { [weak model, weak age] in if let age { model?.set(.age, to: age.text) } }
        notes.onChanged { [weak model, weak notes] in if let notes { model?.set(.notes, to: notes.text) } }
        species.onSelected { [weak model, weak species] in
            guard let model, let species, model.speciesOptions.indices.contains(species.selectedIndex) else { return }
            model.set(.species, to: model.speciesOptions[species.selectedIndex].rawValue)
        }
        // Enter in a one-line field saves, when the form can be saved.
        name.onActivate { [weak model] in model?.save() }
        age.onActivate { [weak model] in model?.save() }
        update(model)
        model.onChange = { [weak model] in if let model { update(model) } }
        // Where the cursor was: a draft restored after a quit keeps its field.
        initialFocus = fields.first { $0.0 == model.focusedField }?.2 ?? name
        widget = layout.root
    }
}
