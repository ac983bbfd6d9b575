import Gtk
import GtkNavigation
import Navigation
import RayPets
import RayPetsTesting
import RayPetsUI

/// Focus comes back with the caret (issue 41): wherever the library gives the focus back — a
/// page Forward or *Undo* brings back, an alert's *Keep editing*, a page moving between one
/// stack and the split, a swipe that springs back — a text field gets back its cursor and its
/// selection exactly as they were, never its whole text selected, so the next keystroke goes
/// where the user left off.
@MainActor
func caretTests(_ runner: TestRunner) {
    let tabWays: [(String, @MainActor (AppFixture, GtkDriver) async throws -> Void)] = [
        ("the header bar's Back", { _, driver in try await driver.perform(.back) }),
        ("Alt+Left", { _, driver in try await driver.perform(.altLeft) }),
        ("a committed swipe", { _, driver in try await driver.perform(.swipeBack(committed: true)) }),
    ]
    runner.testAsync(
        "Forward gives the name field back its cursor and selection, every way Back keeps the editor; so does Keep editing"
    ) {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        let driver = GtkDriver(f)
        let name = try await openRexsEditor(f, driver)
        for (way, leave) in tabWays {
            try await keepEditing(f, driver, field: name, way: way, leave: leave)
        }
        // The notes (a text view) the same way.
        let notes = try notesField(f)
        try check(notes.grabFocus(), "the notes take no focus")
        try await keepEditing(f, driver, field: notes, way: "Alt+Left in the notes", leave: tabWays[1].1)
        // Closing the window asks: Keep editing gives the caret back too.
        try await keepEditing(f, driver, field: name, way: "closing the window") { f, _ in _ = f.requestClose() }
    }

    runner.testAsync(
        "the dialog's pet editor: Back and Alt+Left keep it, Forward the caret; Cancel, Escape, close: Undo, the text"
    ) {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        let driver = GtkDriver(f)
        for pet in try f.app.services.data.allPets() { try f.app.services.data.delete(pet.id) }
        try await driver.perform(.press("Schedule appointment"))
        try await driver.perform(.press("Add pet"))
        guard let name = f.window.dialogHost.shownView?.initialFocus else {
            throw Failure(description: "the dialog's editor has no name field")
        }
        name.typeAsKeystroke("Pip")  // a change: leaving keeps it
        let ways: [(String, @MainActor (AppFixture, GtkDriver) async throws -> Void)] = [
            ("the dialog's Back", { _, driver in try await driver.perform(.back) }),
            ("Alt+Left", { _, driver in try await driver.perform(.altLeft) }),
        ]
        for (way, leave) in ways {
            try await keepEditing(f, driver, field: name, way: way, leave: leave)
        }
        // Leaving the dialog closes its window: Undo opens a new one, with a new view of the same
        // editor (what was typed, the focus on its field; the caret at the end, as any field
        // that opens with the focus).
        let text = (name as? Entry)?.text ?? ""
        let closes: [(String, UserAction)] = [
            ("Cancel", .cancel), ("Escape", .escape), ("the close button", .closeDialog),
        ]
        for (way, leave) in closes {
            try await driver.perform(leave)
            await driver.settle()
            try check(!f.dialog.isOpen && f.window.alertHost.alert == nil, "\(way): the dialog stayed, or asked")
            try check(f.window.toasts.isShowing, "\(way): no Undo")
            f.window.toasts.button.click()
            await driver.settle()
            f.settle()
            guard let again = f.window.dialogHost.shownView?.initialFocus as? Entry else {
                throw Failure(description: "\(way): Undo did not open the editor again")
            }
            waitLoop(until: { again.containsFocus })
            try check(
                again.text == text && again.containsFocus, "\(way): \"\(again.text)\", focused \(again.containsFocus)")
        }
    }

    runner.testAsync(
        "round 3, row 16: a field that opens with the focus has its cursor at the end, nothing selected: the first key adds"
    ) {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        let driver = GtkDriver(f)
        let name = try await openRexsEditor(f, driver)
        try check(name.containsFocus, "the name field has the focus")
        try check(name.caret.map { [$0.anchor, $0.cursor] } == [3, 3], "caret \(String(describing: name.caret))")
        name.typeAsKeystroke("y")
        try check(name.text == "Rexy", "the first key made \"\(name.text)\"")
    }

    runner.testAsync("a resize across the split's 720 px and back keeps the name field's cursor and selection") {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        let driver = GtkDriver(f)
        _ = try shrink(f, through: [1200])
        let name = try await openRexsEditor(f, driver)
        // The text before the focus: focusing selects it all (the PRIMARY selection is claimed),
        // and a new text after that would drop the selection (PRIMARY given up) in the same
        // millisecond as the caret below claims it again. GDK 4.8's X11 backend ignores a
        // selection notice only when it is older than its own claim, so the late notice of the
        // first may be taken for someone else's claim, and GtkText drops a selection it no
        // longer owns (read in GDK's code, not caught in the act; seen twice in loaded runs:
        // the caret at (9, 9) before any resize, exactly what another client taking PRIMARY
        // does, which this test is not about).
        name.text = "Rexy the dog"
        try check(name.grabFocus(), "the name field takes no focus")
        // The X server's notices of those claims are taken before the selection below is made
        // (in the whole GTK tier on GTK 4.24, one came late and dropped it at the first resize:
        // the caret at (9, 9), the same race).
        MainLoop.run(until: { !MainLoop.iterate() }, timeout: 1)
        name.setCaret(anchor: 9, cursor: 5)  // "the d", selected backwards
        try check(name.caret ?? (-1, -1) == (9, 5), "the caret was set to \(name.caret ?? (-1, -1))")
        // Across both breakpoints: the split's (720 px) and the tab bar's (520 px).
        for width in [900, 700, 600, 500, 600, 700, 900, 1200] {
            _ = try shrink(f, through: [width])
            try check(name.containsFocus, "at \(width) px the name field lost the focus")
            try check(
                name.caret ?? (-1, -1) == (9, 5), "at \(width) px the caret is \(name.caret ?? (-1, -1)), not (9, 5)")
        }
        name.setCaret(anchor: 4, cursor: 4)
        _ = try shrink(f, through: [900, 700])
        name.typeAsKeystroke("!")
        try check(name.text == "Rexy! the dog", "typing after the resize made \"\(name.text)\"")
    }

    runner.testAsync("a swipe that springs back keeps the name field's cursor and selection") {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        let driver = GtkDriver(f)
        let name = try await openRexsEditor(f, driver)
        // The field came focused with its text selected (the PRIMARY selection claimed); a new
        // text gives PRIMARY up. The loop takes the X server's notices of both before the
        // caret below claims it again: in the same millisecond, GDK's X11 backend can take the
        // late notice for another client's claim, and GtkText drops a selection it no longer
        // owns (the resize test's note above; seen once on GTK 4.18 in a CI run: the caret at
        // (1, 1) after the swipe, what another client taking PRIMARY does). A user cannot
        // replace a text and select in one millisecond.
        name.text = "Rexy"
        await driver.settle()
        name.setCaret(anchor: 1, cursor: 3)
        try check(name.caret ?? (-1, -1) == (1, 3), "the caret was set to \(name.caret ?? (-1, -1))")
        try await driver.perform(.swipeBack(committed: false))
        await driver.settle()
        try check(f.window.alertHost.alert == nil, "a short swipe asked")
        try check(name.containsFocus, "the swipe took the focus from the name field")
        try check(
            name.caret ?? (-1, -1) == (1, 3), "after the swipe the caret is \(name.caret ?? (-1, -1)), not (1, 3)")
        name.typeAsKeystroke("o")
        try check(name.text == "Roy", "typing after the swipe made \"\(name.text)\"")
    }
}

/// With `field` focused in an editor with changes: puts the caret mid-text, leaves `way`,
/// answers *Keep editing*, and checks that the caret came back there and that a keystroke goes
/// in at it; then the same with a selection made backwards.
@MainActor
private func keepEditing(
    _ f: AppFixture, _ driver: GtkDriver, field: Widget, way: String,
    leave: @MainActor (AppFixture, GtkDriver) async throws -> Void
) async throws {
    try check(field.grabFocus(), "\(way): the field takes no focus")
    field.setCaret(anchor: 0, cursor: 0)
    field.typeAsKeystroke("ab")  // typed: a change, the cursor after it
    for (anchor, cursor) in [(1, 1), (2, 0)] {
        let text = textOf(field)
        field.setCaret(anchor: anchor, cursor: cursor)
        try check(
            field.caret ?? (-1, -1) == (anchor, cursor), "\(way): the caret was set to \(field.caret ?? (-1, -1))")
        let inDialog = f.dialog.isOpen
        try await leave(f, driver)
        await driver.settle()
        if let alert = f.window.alertHost.alert {  // the window's close asks
            alert.button("keepEditing")?.click()
        } else if inDialog && !f.dialog.isOpen {  // kept by Cancel, Escape, the close button
            try check(f.window.toasts.isShowing, "\(way): no Undo")
            f.window.toasts.button.click()
        } else {  // kept for Forward
            try await driver.perform(.altRight)
        }
        await driver.settle()
        f.settle()
        try check(f.window.alertHost.alert == nil, "\(way): the alert stayed")
        try check(field.containsFocus, "\(way): the field lost the focus")
        let caret = field.caret ?? (-1, -1)
        try check(
            caret == (anchor, cursor),
            "\(way): after Keep editing the caret is \(caret), not (\(anchor), \(cursor)) (\"\(textOf(field))\")")
        try check(textOf(field) == text, "\(way): the text changed to \"\(textOf(field))\"")
    }
    // The selection (2, 0) is still there: a keystroke replaces just it.
    let before = textOf(field)
    field.typeAsKeystroke("X")
    let expected = "X" + before.dropFirst(2)
    try check(textOf(field) == expected, "\(way): typing made \"\(textOf(field))\", not \"\(expected)\"")
}

@MainActor
private func textOf(_ widget: Widget) -> String {
    (widget as? Entry)?.text ?? (widget as? TextView)?.text ?? ""
}

/// My pets, Rex, Edit: Rex's editor, and its name field.
@MainActor
func openRexsEditor(_ f: AppFixture, _ driver: GtkDriver) async throws -> Entry {
    try await driver.perform(.press("My pets"))
    try await driver.perform(.chooseRow(0))
    try await driver.perform(.press("Edit"))
    return try editorField(f)
}

@MainActor
private func editorField(_ f: AppFixture) throws -> Entry {
    guard let name = f.window.tabHost.selectedHost?.shownView?.initialFocus as? Entry else {
        throw Failure(description: "the editor's first focus is not its name field")
    }
    return name
}

@MainActor
private func notesField(_ f: AppFixture) throws -> TextView {
    guard let page = f.window.tabHost.selectedHost?.shownView,
        let notes = findWidgets(TextView.self, in: page.widget).first
    else { throw Failure(description: "the editor has no notes field") }
    return notes
}
