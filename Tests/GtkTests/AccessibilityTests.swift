import Glibc
import Gtk
import GtkNavigation
import GtkTesting
import Navigation
import RayPets
import RayPetsTesting
import RayPetsUI

/// What a screen reader user meets: pages are groups named by their titles, the
/// dialog says what it is, Back says where it goes, errors are alerts; and at 200 % text with
/// the HighContrast theme every page still fits a phone-sized window with nothing unnamed.
@MainActor
func accessibilityTests(_ runner: TestRunner) {
    runner.test(
        "Accessibility: announce speaks through gtk_accessible_announce on GTK 4.14 and later, and says it cannot on 4.8"
    ) {
        let window = Window()
        let label = Label(message: .status)
        window.child = label
        window.present()
        defer { window.destroy() }
        waitLoop(until: { window.isMapped })
        let version = AccessibilityAudit.gtkVersion
        let canAnnounce = version.major > 4 || (version.major == 4 && version.minor >= 14)
        try check(label.announce("Rex deleted") == canAnnounce, "announce on GTK \(version): not \(canAnnounce)")
        try check(
            AccessibilityAudit.role(of: label) == "status",
            "a status label's role: \(AccessibilityAudit.role(of: label))")
        try check(AccessibilityAudit.role(of: Label(message: .alert)) == "alert", "an alert label's role")
    }

    runner.test(
        "Accessibility: the check finds an unnamed button and image, a dialog with the window role, the focus on a hidden page"
    ) {
        let window = Window()
        window.title = "Check"
        let box = Box(.vertical)
        box.append(Button(iconName: "edit-delete-symbolic", accessibleLabel: ""))
        box.append(Image(iconName: "dialog-warning-symbolic"))
        box.append(Image(decorativeIconName: "go-previous-symbolic"))  // skipped: decorative
        let stack = Stack()
        let hidden = Button(label: "Hidden")
        stack.add(Button(label: "Shown"), name: "shown")
        stack.add(hidden, name: "hidden")
        box.append(stack)
        window.child = box
        window.present()
        defer { window.destroy() }
        waitLoop(until: { window.isMapped })
        stack.setVisibleChild(name: "shown", transition: .none)
        _ = MainLoop.run(for: 0.1)
        let dialog = Window()  // a modal window made without the dialog role
        dialog.title = "Not a dialog"
        dialog.isModal = true
        dialog.setTransient(for: window)
        dialog.present()
        waitLoop(until: { dialog.isMapped })
        let findings = GtkTestDriver.accessibilityFindings()
        dialog.destroy()
        let expected = [
            "Check: GtkButton (button): a button without a name",
            "Check: GtkImage (img): an image without a name that is not decorative",
            "Not a dialog: GtkWindow (window): a dialog window has the role window, not dialog or alert-dialog",
            "Not a dialog: GtkWindow (window): nothing has the keyboard focus",  // the window that takes input
        ]
        for line in expected { try check(findings.contains(line), "not found: \(line)\nin \(findings)") }
        try check(findings.count == 4, "\(findings.count) findings: \(findings)")
        // The focus on the page the stack does not show (the main window takes input again).
        waitLoop(until: { !dialog.isMapped })
        AccessibilityAudit.forceFocus(on: hidden)
        let focus = GtkTestDriver.accessibilityFindings().filter { $0.contains("keyboard focus") }
        try check(
            focus == ["Check: GtkButton (button) \"Hidden\": the keyboard focus is on a widget not shown"],
            "the focus on a hidden page: \(focus)")
    }

    runner.test(
        "Accessibility: a page with no title, or repeating its title while the focus is in it, is a finding"
    ) {
        // What a screen reader needs to announce a page: its stack page named by a title, and
        // the page's own widget not repeating it (Orca then says neither).
        let window = Window()
        window.title = "Pages"
        let stack = Stack()
        let untitled = Box(group: .vertical)
        untitled.addCSSClass(AccessibilityAudit.pageClass)
        let inside = Button(label: "Inside")
        untitled.append(inside)
        stack.add(untitled, name: "untitled")
        let repeating = Box(group: .vertical)
        repeating.addCSSClass(AccessibilityAudit.pageClass)
        repeating.setAccessibleLabel("Titled")
        let other = Button(label: "Other")
        repeating.append(other)
        stack.add(repeating, name: "titled", title: "Titled")
        window.child = stack
        window.present()
        defer { window.destroy() }
        waitLoop(until: { window.isMapped })
        stack.setVisibleChild(name: "untitled", transition: .none)
        AccessibilityAudit.forceFocus(on: inside)
        let untitledFindings = GtkTestDriver.accessibilityFindings()
        try check(
            untitledFindings == ["Pages: GtkBox (group): a page outside a stack, or without a title"],
            "a page with no title: \(untitledFindings)")
        stack.setVisibleChild(name: "titled", transition: .none)
        AccessibilityAudit.forceFocus(on: other)
        let repeated = GtkTestDriver.accessibilityFindings()
        try check(
            repeated == [
                "Pages: GtkBox (group): a page that repeats its title \"Titled\" as its own name while the "
                    + "focus is in it (a screen reader then says neither)"
            ], "a page repeating its title: \(repeated)")
        // The page's own widget with the focus may carry the name: it is what is said.
        AccessibilityAudit.forceFocus(on: repeating)
        try check(
            !GtkTestDriver.accessibilityFindings().contains { $0.contains("repeats its title") },
            "\(GtkTestDriver.accessibilityFindings())")
    }

    runner.test(
        "Accessibility: with GTK_A11Y=none, the check says it cannot check, rather than finding everything unnamed"
    ) {
        // GTK reads GTK_A11Y once, at its first accessible; the check reads it at each call.
        let saved = getenv("GTK_A11Y").map { String(cString: $0) }
        setenv("GTK_A11Y", "none", 1)
        let findings = GtkTestDriver.accessibilityFindings()
        if let saved { setenv("GTK_A11Y", saved, 1) } else { unsetenv("GTK_A11Y") }
        try check(
            findings.count == 1 && findings[0].hasPrefix("GTK_A11Y=none: GTK keeps no accessibility data"),
            "\(findings)")
    }

    runner.testAsync(
        "Accessibility: a pet's page is named after the pet, once, with the focus in it; Back says it goes to My pets"
    ) {
        try await withApp { fixture, driver in
            try await driver.perform(.press("My pets"))
            try await driver.perform(.chooseRow(0))
            let host = fixture.window.tabHost.selectedHost!
            // In a block of its own: the test must not hold Rex's view past Back, or the leak
            // check (a tenth of a second after the slide, while the test may still run: under
            // valgrind it did) finds it alive.
            do {
                guard let view = host.shownView, let page = AccessibilityAudit.pageGroup(around: view.widget) else {
                    throw Failure(description: "no page around the shown view")
                }
                // Its stack page names it; the page's widget does not repeat the name (Orca
                // would then say neither: see PageViews).
                let title = AccessibilityAudit.stackTitle(of: page)
                try check(title == "Rex", "the page's stack page is titled \(title ?? "nothing"), not Rex")
                try check(!AccessibilityAudit.label(of: page, is: "Rex"), "the page's widget repeats the name Rex")
                try check(page.containsFocus, "the focus is not inside Rex's page")
            }
            let back = fixture.window.navigation.backButton
            try check(AccessibilityAudit.label(of: back, is: L("Back")), "Back is not named Back")
            try check(back.tooltip == L("My pets"), "Back's tooltip: \(back.tooltip ?? "none")")
            try check(AccessibilityAudit.description(of: back, is: L("My pets")), "Back's description is not My pets")
            try check(GtkTestDriver.accessibilityFindings().isEmpty, "\(GtkTestDriver.accessibilityFindings())")
            try await driver.perform(.back)
            let below = host.backHistory.first?.title ?? "none"
            try check(back.tooltip == below, "Back's tooltip on My pets: \(back.tooltip ?? "none"), not \(below)")
        }
    }

    runner.testAsync(
        "Accessibility: the appointment dialog has the dialog role and is named Schedule appointment; its title is its page's"
    ) {
        try await withApp { fixture, driver in
            try await driver.perform(.press("Schedule appointment"))
            guard let dialog = fixture.window.dialogHost.card else { throw Failure(description: "no dialog") }
            try check(
                AccessibilityAudit.role(of: dialog) == "dialog",
                "the dialog's role is \(AccessibilityAudit.role(of: dialog))")
            try check(
                AccessibilityAudit.label(of: dialog, is: L("Schedule appointment")),
                "the dialog is not named Schedule appointment")
            let title = fixture.window.dialogHost.shownTitle
            try check(title == L("Which pet?"), "the dialog's title: \(title ?? "none")")
            try await driver.perform(.chooseRow(0))
            let next = fixture.window.dialogHost.shownTitle
            try check(
                next == L("Visit type"),
                "the dialog's title after a step: \(next ?? "none"); its router's routes: \(fixture.dialog.routes)")
            try check(
                AccessibilityAudit.label(of: dialog, is: L("Schedule appointment")),
                "a new page's title renamed the dialog"
            )
            try check(GtkTestDriver.accessibilityFindings().isEmpty, "\(GtkTestDriver.accessibilityFindings())")
        }
    }

    runner.testAsync(
        "Accessibility: a field's error is an alert with its text; the field is invalid and described by it"
    ) {
        try await withApp { fixture, driver in
            try await driver.perform(.press("My pets"))
            try await driver.perform(.chooseRow(0))
            try await driver.perform(.press("Edit"))
            guard let editor = fixture.window.tabHost.selectedHost?.shownView?.widget,
                let name = findWidgets(Entry.self, in: editor).first
            else { throw Failure(description: "no editor with a name field") }
            name.text = ""
            await MainLoop.idle()
            let alerts = findWidgets(Label.self, in: editor).filter {
                $0.isVisible && AccessibilityAudit.role(of: $0) == "alert" && !$0.text.isEmpty
            }
            try check(alerts.count == 1, "alerts shown: \(alerts.map(\.text))")
            let problem = alerts[0].text
            try check(AccessibilityAudit.isInvalid(name), "the empty name field is not marked invalid")
            try check(
                AccessibilityAudit.description(of: name, is: problem), "the field is not described by \"\(problem)\"")
            try check(GtkTestDriver.accessibilityFindings().isEmpty, "\(GtkTestDriver.accessibilityFindings())")
        }
    }

    runner.testAsync(
        "Accessibility: at 200 % text with the HighContrast theme, a walk at 360 px fits every page and dialog, with 0 findings"
    ) {
        MainLoop.setTextScale(2, theme: "HighContrast")
        defer { MainLoop.resetTextScaleAndTheme() }
        let fixture = AppFixture(firstLaunch: false)
        defer { fixture.tearDown() }
        MainLoop.setAnimationsEnabled(false)
        defer { MainLoop.setAnimationsEnabled(true) }
        let inside = try shrink(fixture, through: [600, 480, 360])
        let driver = GtkDriver(fixture)
        driver.widthLimit = inside
        try driver.checkFits(inside)
        let steps = walkSteps(default: 300)
        let counts = try await NavigationWalk(seed: 46, steps: steps).run(driver, pets: ClinicDatabase.samplePets)
        log("  \(steps) steps, actions: \(counts.sorted { $0.key < $1.key })")
        log("  widest page: \"\(driver.widest.title)\", \(driver.widest.width) of \(inside) px")
    }

    runner.testAsync(
        "Accessibility: screenshots at 360 px, 200 % text, HighContrast (Home, a pet, the editor's error, the dialog)"
    ) {
        guard let folder = getenv("RAYPETS_SCREENSHOTS").map({ String(cString: $0) }) else {
            log("  skipped: set RAYPETS_SCREENSHOTS to a folder to write them")
            return
        }
        MainLoop.setTextScale(2, theme: "HighContrast")
        defer { MainLoop.resetTextScaleAndTheme() }
        MainLoop.setAnimationsEnabled(false)
        defer { MainLoop.setAnimationsEnabled(true) }
        @MainActor func shot(_ name: String) async throws {
            // Drawn: a few turns of the loop and a frame's time (never spin it from a task).
            for _ in 0..<10 { await MainLoop.idle() }
            try? await Task.sleep(for: .milliseconds(400))
            let path = "\(folder)/\(name).png"
            try check(
                system("import -window root -crop 410x610+0+0 +repage '\(path)'") == 0, "import failed for \(path)")
            log("  wrote \(path)")
        }
        do {
            let fixture = AppFixture(firstLaunch: false)
            defer { fixture.tearDown() }
            _ = try shrink(fixture, through: [600, 480, 360])
            let driver = GtkDriver(fixture)
            try await shot("a11y-home-200-hc")
            try await driver.perform(.press("My pets"))
            try await driver.perform(.chooseRow(0))
            try await shot("a11y-pet-200-hc")
            try await driver.perform(.press("Edit"))
            if let editor = fixture.window.tabHost.selectedHost?.shownView?.widget,
                let name = findWidgets(Entry.self, in: editor).first
            {
                name.text = ""
            }
            try await shot("a11y-editor-error-200-hc")
        }
        let fixture = AppFixture(firstLaunch: false)
        defer { fixture.tearDown() }
        _ = try shrink(fixture, through: [600, 480, 360])
        let driver = GtkDriver(fixture)
        try await driver.perform(.press("Schedule appointment"))
        try await driver.perform(.chooseRow(0))
        fixture.window.window.setDefaultSize(width: 360, height: 600)
        try await shot("a11y-dialog-200-hc")
    }

    runner.testAsync(
        "Keyboard: beside My pets (1200 px) the sidebar's Add pet puts the focus in the new editor; a chosen row keeps it in the list"
    ) {
        try await withApp { fixture, driver in
            try await driver.perform(.press("My pets"))
            try await driver.perform(.chooseRow(0))
            fixture.window.window.setDefaultSize(width: 1200, height: 700)
            // A window manager (Wayland's compositor) answers the resize in its own time.
            waitLoop(until: { fixture.window.tabHost.selectedHost?.isSplit == true }, timeout: 5)
            try check(fixture.window.tabHost.selectedHost?.isSplit == true, "the window did not split at 1200 px")
            // Choosing another row with the keyboard: the pet opens beside the list, the focus stays
            // on the list.
            let list = try unwrap(
                fixture.window.tabHost.pageHost(for: .clinic).sidebarView.flatMap { findListViews(in: $0.widget).first }
            )
            try check(list.focusRow(at: 1), "the sidebar's list took no focus")
            await driver.settle()
            try check(list.focusedIndex == 1, "the focus is not on row 1: \(VisibleControls.focusedText() ?? "none")")
            list.activateItem(at: 1)
            await driver.settle()
            try check(
                list.focusedIndex == 1,
                "choosing a row moved the focus from the list: \(VisibleControls.focusedText() ?? "none"), row \(list.focusedIndex ?? -1)"
            )
            try check(GtkTestDriver.accessibilityFindings().isEmpty, "\(GtkTestDriver.accessibilityFindings())")
            // Add pet, pressed from the keyboard: the editor opens beside the list, with the focus in it.
            guard let add = VisibleControls.buttons().first(where: { $0.name.hasSuffix(": " + L("Add pet")) }) else {
                throw Failure(description: "no Add pet in the sidebar")
            }
            try check(add.focus(), "Add pet took no focus")
            add.press()
            await driver.settle()
            await driver.settle()
            guard let editor = fixture.window.tabHost.selectedHost?.shownView?.widget,
                let name = findWidgets(Entry.self, in: editor).first
            else { throw Failure(description: "no editor beside the list") }
            try check(
                name.containsFocus, "the focus is not in the new pet's name: \(VisibleControls.focusedText() ?? "none")"
            )
            try check(GtkTestDriver.accessibilityFindings().isEmpty, "\(GtkTestDriver.accessibilityFindings())")
        }
    }
}

@MainActor
private func unwrap<T>(_ value: T?) throws -> T {
    guard let value else { throw Failure(description: "missing \(T.self)") }
    return value
}

/// Runs `body` on a new app window with animations off (each step's page is in place when it
/// returns), then closes the window.
@MainActor
private func withApp(_ body: (AppFixture, GtkDriver) async throws -> Void) async throws {
    let fixture = AppFixture(firstLaunch: false)
    defer { fixture.tearDown() }
    MainLoop.setAnimationsEnabled(false)
    defer { MainLoop.setAnimationsEnabled(true) }
    try await body(fixture, GtkDriver(fixture))
}
