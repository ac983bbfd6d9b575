import Gtk
import GtkNavigation
import Navigation
import RayPets
import RayPetsUI

/// The widest names the rules allow: 64 of the widest letter, the same with a last letter that
/// differs, 64 letters each carrying the most combining marks allowed (a tower), and wide
/// letters with an emoji; notes of the longest allowed length with no place to break a line.
@MainActor
private let longNames: [String] = [
    String(repeating: "W", count: PetRules.maxNameLength),
    String(repeating: "W", count: PetRules.maxNameLength - 1) + "M",
    String(
        repeating: "Z" + String(repeating: "\u{0346}", count: PetRules.maxMarksPerCharacter),
        count: PetRules.maxNameLength),
    String(repeating: "Ш", count: PetRules.maxNameLength - 1) + "🐕",
]

@MainActor
private func withLongTexts(_ f: AppFixture) {
    let data = f.app.services.data
    let notes = String(repeating: "W", count: PetRules.maxNotesLength)
    for (pet, name) in zip((try? data.allPets()) ?? [], longNames) {
        _ = try? data.update(pet.id, with: PetDraft(name: name, species: pet.species, age: "", notes: notes))
    }
}

/// Text never sizes a window: with the widest names and notes the rules allow, and a link
/// naming a missing pet of 1,900 letters, every window stays as wide as it was made, at a
/// phone's width and at a desktop's, on every page and in the dialog, the toast and the alert.
@MainActor
func longTextTests(_ runner: TestRunner) {
    for width in [360, 1280] {
        runner.test("text never sizes the window at \(width) px: the widest names, notes and links") {
            // The app's own stylesheet: its headline sizes are what a long name is measured in.
            let bundle = binaryFolder() + "/raypets.gresource"
            try check(Resources.register(firstOf: [bundle]) == bundle, "cannot load \(bundle)")
            let style = CSSProvider(resource: RayPetsApp.resourceBase + "/style.css")
            style.install()
            defer { style.uninstall() }
            var shownLong = 0
            var cutNames = 0
            for place in mainWindowPlaces + dialogPlaces {
                try open(place, width: width, prepare: withLongTexts) { fixture in
                    if VisibleControls.fingerprint().contains(String(repeating: "W", count: 20)) { shownLong += 1 }
                    try checkWidths(place.name, width: width, in: fixture)
                    // A name cut with "…" has the whole name as its tooltip.
                    let cut = VisibleControls.cutLabelTexts()
                    cutNames += cut.filter { longNames.contains($0) }.count
                    if place.name == "My pets", width == 360 {  // at 1,280 px the whole name fits
                        try check(
                            cut.contains(longNames[0]), "My pets: the first row's cut name has no tooltip: \(cut)")
                    }
                    // The toast names the pet; the alert names what would be lost. (The models are
                    // let go before the loop runs: the leak check would find them held here.)
                    if fixture.dialog.pages.isEmpty, deleteTopPet(fixture) {
                        fixture.settle()
                        try checkWidths(place.name + " → the toast", width: width, in: fixture)
                    }
                    if fixture.dialog.pages.isEmpty, changeTopEditor(fixture) {
                        let router = clinic(fixture)
                        // Back keeps the editor, and a toast names the pet; Forward brings it back.
                        let editor = router.pages.last?.id
                        Task { @MainActor in _ = await router.request(.goBack, reason: .back, animated: false) }
                        fixture.settle()
                        try check(fixture.window.toasts.isShowing, "\(place.name): no toast after Back")
                        try checkWidths(place.name + " → Changes kept", width: width, in: fixture)
                        if let editor { _ = router.goForward(to: editor, animated: false) }
                        fixture.settle()
                        // Closing the window asks.
                        fixture.app.services.questions.isClosingWindow = true
                        Task { @MainActor in _ = await router.request(.goBack, reason: .close, animated: false) }
                        fixture.settle()
                        fixture.app.services.questions.isClosingWindow = false
                        try check(fixture.window.alertHost.alert != nil, "\(place.name): closing did not ask")
                        try checkWidths(place.name + " → Discard changes?", width: width, in: fixture)
                        fixture.window.alertHost.alert?.button("discard")?.click()
                        fixture.settle()
                    }
                }
            }
            try check(shownLong >= 6, "the long names showed on only \(shownLong) places")
            log("  \(width) px: long text on \(shownLong) places, \(cutNames) names cut with their tooltip")
            // A link naming a pet that is not there: the notice quotes the name, cut.
            try open(Place(name: "a long link's notice") { _ in }, width: width) { fixture in
                let link = "raypets://clinic/pets/" + String(repeating: "W", count: 1900)
                var done = false
                Task { @MainActor in
                    _ = await fixture.app.open(uri: link)
                    done = true
                }
                waitLoop(until: { done }, timeout: 5)
                fixture.settle()
                try check(fixture.window.notice.isVisible, "no notice")
                try checkWidths("a long link's notice", width: width, in: fixture)
            }
        }
    }
}

/// Deletes the pet whose page is on top of Clinic, if one is: whether it did.
@MainActor
private func deleteTopPet(_ f: AppFixture) -> Bool {
    guard let details = top(clinic(f), PetDetailsModel.self) else { return false }
    details.delete()
    return true
}

/// Changes the notes in the editor on top of Clinic, if one is: whether it did.
@MainActor
private func changeTopEditor(_ f: AppFixture) -> Bool {
    guard let editor = top(clinic(f), PetEditorModel.self) else { return false }
    editor.set(.notes, to: "changed")
    return true
}

/// Issue 42, row 13: a page of text pasted into My pets' search.
@MainActor
func pastedSearchTests(_ runner: TestRunner) {
    runner.testAsync(
        "row 13 (issue 42): 50,000 characters pasted into My pets' search are cut to the search's limit, at once"
    ) {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        let driver = GtkDriver(f)
        try await driver.perform(.press("My pets"))
        guard let page = f.window.tabHost.selectedHost?.shownView,
            let search = findWidgets(SearchEntry.self, in: page.widget).first
        else { throw Failure(description: "My pets has no search entry") }
        let pasted = String(repeating: "z", count: 50_000)
        search.grabFocus()
        search.pasteAsUser(pasted)
        let start = MainLoop.now
        await settle(until: { !search.text.isEmpty })
        await driver.settle()
        let seconds = Double(MainLoop.now - start) / 1_000_000
        try check(search.text.count == PetSearch.maxLength, "the search holds \(search.text.count) characters")
        let longest = findWidgets(Label.self, in: page.widget).map(\.text.count).max() ?? 0
        try check(longest < 80, "a label on My pets holds \(longest) characters")
        try check(
            findWidgets(Label.self, in: page.widget).contains { $0.isVisible && $0.text.hasPrefix("No pets match") },
            "no empty state")
        log("  pasted 50,000 characters: the search took \(search.text.count), shown in \(Int(seconds * 1000)) ms")
    }

    runner.testAsync(
        "round 3, rows 2 and 8: 50,000 letters pasted into the editor's notes and name are cut to what the fields may hold, so the draft is too"
    ) {
        let (f, driver, notes, name) = try await newPetEditor()
        defer { f.tearDown() }
        let pasted = String(repeating: "ж", count: 50_000)
        for field in [notes, name] as [Widget] {
            field.grabFocus()
            field.pasteAsUser(pasted)
        }
        let start = MainLoop.now
        await settle(until: { !name.text.isEmpty && !notes.text.isEmpty })
        await driver.settle()
        let milliseconds = (MainLoop.now - start) / 1000
        guard let draft = top(clinic(f), PetEditorModel.self)?.draft else {
            throw Failure(description: "no editor on top")
        }
        try check(notes.text.count == PetRules.maxNotesLength, "the notes hold \(notes.text.count) characters")
        try check(draft.notes.count == PetRules.maxNotesLength, "the draft's notes: \(draft.notes.count) characters")
        try check(draft.name.count == PetRules.maxNameInputLength, "the draft's name: \(draft.name.count) characters")
        let kept = "kept \(notes.text.count) and \(name.text.count)"
        log("  pasted 50,000 letters into notes and name: \(kept), in \(milliseconds) ms")
    }

    // Round 3, row 8, tried by hand: 20 MB on PRIMARY, middle-clicked into the notes, held the
    // window 1.6-5.5 s (GTK read all of it before inserting a letter) and kept ~40 MiB each time.
    runner.testAsync(
        "round 3, row 8: 20 MB middle-clicked (PRIMARY) or pasted into the notes and the name: each reads only what the field can take, and the field takes its limit"
    ) {
        let (f, _, notes, name) = try await newPetEditor()
        defer { f.tearDown() }
        let huge = "ü" + String(repeating: "z", count: 20_000_000)
        try check(notes.middleClickPasteAsUser(huge, x: 10, y: 10), "the notes take a middle click through GTK's paste")
        await settle(until: { !notes.text.isEmpty })
        // 16 code points of up to 4 bytes for each character the notes may hold, and one more.
        let notesBytes = (PetRules.maxNotesLength + 1) * 64
        try check(
            notes.text.count == PetRules.maxNotesLength && notes.text.hasPrefix("üz"), "the notes: \(notes.text.count)")
        try check(
            notes.pasteBytesRead > 0 && notes.pasteBytesRead <= notesBytes,
            "the middle click read \(notes.pasteBytesRead) bytes of 20 MB, more than \(notesBytes)")
        let clearNotes = notes.text
        notes.text = ""
        try check(clearNotes.count == PetRules.maxNotesLength, "cleared")
        for field in [notes, name] as [Widget] {
            field.grabFocus()
            field.pasteAsUser(huge)
        }
        await settle(until: { !name.text.isEmpty && !notes.text.isEmpty })
        let nameBytes = (PetRules.maxNameInputLength + 1) * 4
        try check(notes.text.count == PetRules.maxNotesLength, "the notes after Ctrl+V: \(notes.text.count)")
        try check(name.text.count == PetRules.maxNameInputLength, "the name after Ctrl+V: \(name.text.count)")
        try check(
            notes.pasteBytesRead <= notesBytes && name.pasteBytesRead > 0 && name.pasteBytesRead <= nameBytes,
            "Ctrl+V read \(notes.pasteBytesRead) and \(name.pasteBytesRead) bytes")
        // A field without a limit pastes through GTK: My pets' search has one, a plain entry not.
        try check(!Entry().middleClickPasteAsUser("x", x: 1, y: 1), "an entry with no limit took the bounded paste")
    }
}

/// The app on a new pet's editor (My pets, Add pet), with its notes and name fields.
@MainActor
private func newPetEditor() async throws -> (AppFixture, GtkDriver, TextView, Entry) {
    let f = AppFixture(firstLaunch: false)
    let driver = GtkDriver(f)
    try await driver.perform(.press("My pets"))
    try await driver.perform(.press("Add pet"))
    guard let page = f.window.tabHost.selectedHost?.shownView,
        let notes = findWidgets(TextView.self, in: page.widget).first,
        let name = findWidgets(Entry.self, in: page.widget).first
    else {
        f.tearDown()
        throw Failure(description: "the editor has no notes or name field")
    }
    return (f, driver, notes, name)
}

/// Every shown window is as wide as it was made: the main window `width` (GTK counts its
/// shadow in the default size, so it is drawn a few pixels narrower), the dialog no wider than
/// the size it opens at, an alert (sized by its text, at most about 40 characters a line) no
/// wider than the dialog. (Not the windows' default sizes: GTK moves those to a window's new
/// size when its content forces it wider.)
@MainActor
private func checkWidths(_ place: String, width: Int, in fixture: AppFixture) throws {
    let dialogWidth = Int(fixture.window.dialogHost.dialogSize?.width ?? 0)
    for window in VisibleControls.windowWidths() {
        let isMain = window.title == fixture.window.window.title
        let expected = isMain ? width : dialogWidth
        try check(
            window.width <= expected,
            "\(place) at \(width) px: the window “\(window.title.prefix(40))” is \(window.width) px wide, made \(expected)"
        )
    }
}
