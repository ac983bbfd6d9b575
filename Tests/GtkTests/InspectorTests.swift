import Glibc
import Gtk
import GtkNavigation
import Navigation
import RayPets
import RayPetsTesting
import RayPetsUI

/// GTK Inspector's Navigation page, opened for real in this process.
@MainActor
func inspectorTests(_ runner: TestRunner) {
    // GTK 4.8's inspector opens a display connection of its own and prepares GL on it, which
    // blocks for good on the Wayland tier's headless weston (pixman): traced with gdb,
    // wl_display_roundtrip_queue in libEGL_mesa under gdk_display_prepare_gl. Xvfb only.
    if getenv("WAYLAND_DISPLAY") != nil && getenv("DISPLAY") == nil {
        log("skip GTK Inspector's Navigation page: the inspector's own display blocks on headless weston")
        return
    }
    runner.testAsync(
        "GTK Inspector's Navigation page: the window's stacks, shown pages, guards and the question asked; the journal, newest first, by window; an export"
    ) {
        let w = try await WalkWindow.onRex()
        let folder = TemporaryFolders.make("gtk-inspector")
        defer {
            InspectorPage.closeInspector()
            w.close()
        }
        let app = w.fixture.app
        try check(
            NavigationInspector.install(exportFolder: folder) { [weak app] in app?.windows },
            "the page was not added: no inspector extension point?")
        try w.button(L("Edit")).click()
        try await turns(until: { w.clinic.routes.count == 4 && !w.isSliding })
        guard let editor = w.clinic.topPage?.model as? PetEditorModel else { throw Failure(description: "no editor") }
        editor.set(.name, to: "Rexy")
        // Back asks only where nothing could bring the editor back (the window closing, its pet
        // deleted elsewhere): the flag stands for that, so that a question is open to show.
        w.window.services.questions.isClosingWindow = true
        w.main.navigation.goBack()
        try await turns(until: { w.main.alertHost.alert != nil })
        w.window.services.questions.isClosingWindow = false

        log("  the question is open; opening the inspector")
        InspectorPage.openInspector()
        try await turns(until: { NavigationInspector.lastContent != nil })
        guard let content = NavigationInspector.lastContent else { throw Failure(description: "no page made") }
        let stacks = content.stacks.text
        for line in [
            "Window 1 (focused)", "  dialog (ModalRouter): empty", "  clinic (StackRouter):",
            "    home  “RayPets”  HomeModel", "    petDetail(\"rex\")  “Rex”  PetDetailsModel",
            // Not shown while a question about it is open (`Router.isShown`): its controls wait.
            "    editPet(\"rex\")  “Edit Rex”  PetEditorModel  · leave guard",
            "    question open: may editPet(\"rex\") leave? (reason back)", "  learn (StackRouter):",
        ] {
            try check(stacks.contains(line), "no \(line.debugDescription) in:\n\(stacks)")
        }
        let journal = content.journal.text.split(separator: "\n").map(String.init)
        // Newest first: the alert's page, the guard that asked for it, the request, the user's Back.
        try check(
            journal.prefix(4).map { line in line.firstRange(of: " s  ").map { String(line[$0.upperBound...]) } ?? line }
                == [
                    "1 alert stack discardQuestion", "1 clinic guard editPet(\"rex\") back",
                    "1 clinic request goBack back",
                    "1 clinic host back",
                ], "newest first: \(journal.prefix(4))")
        try check(
            journal.contains { $0.hasSuffix("1 clinic intent changed editPet(\"rex\")") }, "no edit in \(journal)")
        try check(!content.journal.text.contains("Rexy"), "typed text in the journal")
        // A page chosen: what its model holds (the editor's draft, on this machine only).
        content.chosenPage = "1 clinic · editPet(\"rex\")"
        try check(
            content.details.text.contains("model: PetEditorModel"), "details: \(content.details.text.prefix(300))")
        try check(
            content.details.text.contains("what the model holds:"), "no fields: \(content.details.text.prefix(300))")
        try check(content.details.text.contains("Rexy"), "the draft is not shown: \(content.details.text.prefix(600))")

        // It follows the journal while open: Keep editing, then a second window's events.
        w.main.alertHost.alert?.button(DiscardAnswer.keepEditing.rawValue)?.click()
        try await turns(until: { !content.stacks.text.contains("question open") })
        try check(content.journal.text.contains("answer editPet(\"rex\") stay"), "the answer is not shown")
        content.shownWindow = 2
        try check(content.journal.text.isEmpty, "window 2 has no events: \(content.journal.text.prefix(200))")
        content.shownWindow = 0

        guard let path = content.export() else { throw Failure(description: "export: \(content.status.text)") }
        try check(path.hasPrefix(folder + "/navigation-journal-"), "exported to \(path)")
        let exported = try readTextFile(path)
        try check(!exported.contains("Rexy"), "typed text in the exported journal")
        let events = try JournalFile.events(in: exported)
        try check(events.count == app.journal.events.count, "\(events.count) events exported")
        try check(content.status.text.contains(path), "status \(content.status.text)")
        // Round 3, row 19: a second export at once (the same second) is another file, and
        // each is the user's alone.
        guard let second = content.export() else { throw Failure(description: "export: \(content.status.text)") }
        try check(second != path, "the second export wrote over the first: \(second)")
        for file in [path, second] {
            var info = stat()
            try check(stat(file, &info) == 0 && info.st_mode & 0o777 == 0o600, "\(file): mode \(info.st_mode & 0o777)")
        }
    }

    runner.testAsync(
        "GTK Inspector's Navigation page: the pages kept for Forward follow the stack, dimmed, and their details say so"
    ) {
        let w = try await WalkWindow.onRex()
        defer { w.close() }
        let app = w.fixture.app
        let content = NavigationInspector.makeContent(exportFolder: TemporaryFolders.make("gtk-inspector-forward")) {
            [weak app] in app?.windows
        }
        w.clinic.forwardLimit = 10
        let count = w.clinic.routes.count
        w.main.navigation.goBack()  // the user's Back: Rex's page is kept
        try await turns(until: { w.clinic.routes.count == count - 1 && !w.isSliding })
        content.refresh()
        let stacks = content.stacks.text
        let kept = "    petDetail(\"rex\")  “Rex”  PetDetailsModel  · kept for Forward"
        let home = "    home  “RayPets”  HomeModel"
        for line in [home, kept] {
            try check(stacks.contains(line), "no \(line.debugDescription) in:\n\(stacks)")
        }
        // The buffer counts characters as Unicode scalars.
        func offset(of line: String) -> Int {
            guard let found = stacks.firstRange(of: line) else { return -1 }
            return stacks.unicodeScalars[..<found.lowerBound].count
        }
        let keptAt = offset(of: kept)
        try check(
            content.stacks.isDimmed(at: keptAt + 4)
                && content.stacks.isDimmed(at: keptAt + kept.unicodeScalars.count - 1),
            "the kept page's line is not dimmed")
        try check(!content.stacks.isDimmed(at: offset(of: home) + 4), "the shown page's line is dimmed")
        try check(!content.stacks.isDimmed(at: keptAt - 1), "the newline before the kept page is dimmed")
        let next = offset(of: "  learn (StackRouter):")
        try check(next > keptAt && !content.stacks.isDimmed(at: next + 2), "the line after the kept page is dimmed")
        content.chosenPage = "1 clinic · petDetail(\"rex\")"
        try check(
            content.details.text.contains("shown: no, kept for Forward"), "details: \(content.details.text.prefix(300))"
        )
        // Forward brings it back: plain again.
        w.clinic.goForward(animated: false)
        content.refresh()
        let back = content.stacks.text
        try check(back.contains("    petDetail(\"rex\")  “Rex”  PetDetailsModel  · shown"), "after Forward:\n\(back)")
        try check(!back.contains("kept for Forward"), "after Forward:\n\(back)")
    }
}
