import Gtk
import GtkNavigation
import Navigation
import RayPets
import RayPetsUI

/// An alert host in the fixture's window, with a Keep/Discard alert per page, and a counter of
/// the alerts it makes.
@MainActor
private final class AlertFixture {
    let host: GtkAlertHost<TestRoute>
    let router: ModalRouter<TestRoute>
    let alerts = FinalizationCounter()

    init(over f: HostFixture) {
        let alerts = alerts
        host = GtkAlertHost(
            layer: f.layer,
            makeAlert: { page in
                let alert = Alert(
                    heading: page.title, body: "Your answers will be lost.",
                    responses: [
                        .init(id: "keep", label: "_Keep editing"),
                        .init(id: "discard", label: "_Discard", appearance: .destructive),
                    ],
                    safeResponse: "keep")
                alerts.watch(alert.widget)
                return alert
            })
        router = ModalRouter(host: host)
    }
}

@MainActor
func leavingTests(_ runner: TestRunner) {
    runner.test("an alert is an alert dialog over the dialog, in the window: Keep editing focused, Discard red") {
        let f = HostFixture()
        defer { f.tearDown() }
        let alerts = AlertFixture(over: f)
        f.dialog.present(.a, model: TitledModel("A"))
        f.settle()
        alerts.router.present(.c, model: TitledModel("Discard answers?"))
        f.settle()
        guard let alert = alerts.host.alert, let dialog = f.dialogHost.card else {
            throw Failure(description: "no alert or no dialog")
        }
        try check(alert.widget.isMapped && alert.isShown, "alert not shown")
        try check(
            f.layer.shownCards.map(ObjectIdentifier.init) == [dialog, alert.widget].map(ObjectIdentifier.init),
            "alert not over the dialog")
        try check(
            AccessibilityAudit.role(of: alert.widget) == "alert-dialog",
            "role \(AccessibilityAudit.role(of: alert.widget))")
        try check(
            AccessibilityAudit.label(of: alert.widget, is: "Discard answers?"), "the alert is not named by its question"
        )
        try check(hasKeyboardFocus(alert.button("keep"), in: f.window), "the safe answer is not focused")
        try check(
            !f.dialogHost.isShown(f.dialog.pages[0].id, of: f.dialog.pages),
            "the dialog under the alert counts as shown")
        try check(alert.button("keep")?.label == "Keep editing", "label \(alert.button("keep")?.label ?? "-")")
        try check(alert.button("discard")?.hasCSSClass("destructive-action") == true, "Discard not destructive")
        var answers: [String] = []
        alert.onResponse = { answers.append($0) }
        alert.widget.activateAction(Alert.safeAction)  // Escape's action answers the safe answer; the owner closes
        f.settle()
        try check(answers == ["keep"], "answers \(answers)")
        try check(alert.isShown, "the alert closed itself")
        alerts.router.dismiss(animated: false)
        f.settle()
        try check(alerts.host.alert == nil && !alert.isShown, "alert still open")
        try check(f.window.focusIsInside(dialog), "the focus did not come back to the dialog")
    }

    runner.test("a window destroyed under a dialog and its alert takes both along: routers told, both freed") {
        let f = HostFixture()
        let alerts = AlertFixture(over: f)
        var dismissed = 0
        f.dialog.present(.a, model: TitledModel("A"))
        f.settle()
        alerts.router.present(.c, model: TitledModel("Discard answers?"), animated: false) { dismissed += 1 }
        f.settle()
        try check(alerts.host.alert != nil, "no alert")
        f.tearDown()
        try check(alerts.host.alert == nil, "alert still shown")
        try check(!alerts.router.isOpen, "the alert's router still presents")
        try check(dismissed == 1, "the alert page's onDismissed ran \(dismissed) times")
        try check(waitLoop(until: { alerts.alerts.alive == 0 }, timeout: 2), "alert not finalized")
        try check(f.cardsFreed(leaving: 0), "dialog card not finalized")
        try check(!f.dialog.isOpen, "the dialog's router still presents")
    }

    runner.testAsync(
        "the editor: Back keeps it, asking nothing; Forward brings back its text and focus; closing the window asks"
    ) {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        let driver = GtkDriver(f)
        let name = try await openRexsEditor(f, driver)
        let clinic = f.tabs.router(for: .clinic)
        try check(name.containsFocus, "the name field has no focus")
        name.text = "Rexy"
        let stack = clinic.routes
        try await driver.perform(.back)
        try check(f.window.alertHost.alert == nil, "Back asked")
        try check(clinic.routes == stack.dropLast(), "Back did not leave: \(clinic.routes)")
        try check(clinic.forwardPages.map(\.route) == [stack.last!], "not kept: \(clinic.forwardPages)")
        try check(f.window.toasts.isShowing, "no toast says the changes were kept")
        try await driver.perform(.altRight)
        f.settle()
        try check(clinic.routes == stack, "Forward did not bring the editor back: \(clinic.routes)")
        try check(f.window.tabHost.selectedHost?.shownView?.initialFocus === name, "the editor's page was replaced")
        try check(name.text == "Rexy", "the typed text is gone: \(name.text)")
        try check(name.containsFocus, "the focus did not come back to the name field")

        let closing = f.requestClose()
        await driver.settle()
        guard let alert = f.window.alertHost.alert else { throw Failure(description: "closing did not ask") }
        try check(alert.heading == "Discard changes?", "heading \(alert.heading)")
        try check(f.window.layer.shownCards.last === alert.widget, "alert not in the main window")
        try check(hasKeyboardFocus(alert.button("keepEditing"), in: f.window.window), "Keep editing not focused")
        try check(alert.button("save") != nil, "Save not offered for a valid form")
        try check(clinic.routes == stack, "the stack changed while asking: \(clinic.routes)")
        alert.button("keepEditing")?.click()
        await driver.settle()
        f.settle()
        try check(await closing.value == false, "Keep editing did not keep the window")
        try check(f.window.alertHost.alert == nil, "the alert stayed")
        try check(clinic.routes == stack, "Keep editing changed the stack: \(clinic.routes)")
        try check(name.text == "Rexy" && name.containsFocus, "text \(name.text), or the focus left the field")

        let again = f.requestClose()
        await driver.settle()
        f.window.alertHost.alert?.button("discard")?.click()
        await driver.settle()
        f.settle()
        try check(await again.value, "Discard did not let the window close")
        try check(f.app.services.data.pet(id: "rex")?.name == "Rex", "Discard saved")
        try check(f.app.services.questions.drafts.isEmpty, "Discard kept the changes")
    }

    runner.testAsync("beside a sidebar too, Forward brings back the kept editor's own view, its text and focus") {
        let f = AppFixture(firstLaunch: false, width: 1200)
        defer { f.tearDown() }
        let driver = GtkDriver(f)
        let name = try await openRexsEditor(f, driver)
        let clinic = f.tabs.router(for: .clinic)
        try check(f.window.tabHost.selectedHost?.isSplit == true, "not beside a sidebar at 1200 px")
        name.text = "Rexy"
        try check(name.grabFocus(), "the name field takes no focus")
        let stack = clinic.routes
        try await driver.perform(.back)
        try check(clinic.routes == stack.dropLast() && f.window.alertHost.alert == nil, "\(clinic.routes)")
        try await driver.perform(.altRight)
        f.settle()
        try check(clinic.routes == stack, "Forward did not bring the editor back: \(clinic.routes)")
        try check(f.window.tabHost.selectedHost?.shownView?.initialFocus === name, "a new view, not the kept one")
        try check(name.text == "Rexy" && name.containsFocus, "text \(name.text), or no focus on the field")
    }

    runner.testAsync(
        "the appointment request: Cancel and Ctrl+W keep it with a toast, Undo brings it back; closing the window asks"
    ) {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        let driver = GtkDriver(f)
        try await driver.perform(.press("Schedule appointment"))
        try await driver.perform(.chooseRow(0))
        try await driver.perform(.press("Sick"))  // an answer: leaving now keeps (the pet alone does not)
        let routes = f.dialog.routes
        for leave in [{ f.window.dialogHost.cancelButton?.click() }, { f.window.dialogHost.closeAction?.activate() }] {
            leave()
            await driver.settle()
            f.settle()
            try check(f.window.alertHost.alert == nil, "leaving the dialog asked")
            try check(!f.dialog.isOpen && f.window.dialogHost.card == nil, "the dialog stayed")
            try check(f.dialog.forwardPages.map(\.route) == routes, "not kept: \(f.dialog.forwardPages)")
            try check(f.window.toasts.isShowing, "no toast")
            f.window.toasts.button.click()  // Undo
            await driver.settle()
            f.settle()
            try check(f.dialog.routes == routes, "Undo did not bring the dialog back: \(f.dialog.routes)")
            guard let dialog = f.window.dialogHost.card else { throw Failure(description: "no dialog") }
            waitLoop(until: { dialog.isMapped })
            try check(f.window.window.focusIsInside(dialog), "nothing focused in the dialog")
        }
        let closing = f.requestClose()
        await driver.settle()
        guard let alert = f.window.alertHost.alert, let dialog = f.window.dialogHost.card else {
            throw Failure(description: "closing the window did not ask, or the dialog closed")
        }
        try check(alert.heading == "Discard answers?", "heading \(alert.heading)")
        try check(
            f.window.layer.shownCards.last === alert.widget && f.window.layer.shownCards.first === dialog,
            "the alert is not over the dialog")
        alert.button("discard")?.click()
        await driver.settle()
        f.settle()
        try check(await closing.value, "Discard did not let the window close")
        try check(!f.dialog.isOpen && f.window.dialogHost.card == nil, "Discard did not close the dialog")
    }

    runner.testAsync(
        "the appointment request at 360 px: a sheet; swiped down with an answer given, kept with a toast, and Undo brings it back"
    ) {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        _ = try shrink(f, through: [600, 480, 360])
        let driver = GtkDriver(f)
        try await driver.perform(.press("Schedule appointment"))
        try await driver.perform(.chooseRow(0))
        try await driver.perform(.press("Sick"))
        let routes = f.dialog.routes
        try check(f.window.dialogHost.isSheet, "at 360 px the dialog is not a sheet")
        guard let drag = f.window.dialogHost.swipeDownGesture else { throw Failure(description: "no sheet") }
        drag.emit("drag-begin", 100, 10)
        for step in 1...6 { drag.emit("drag-update", 0, Double(step) * 50) }
        drag.emit("drag-end", 0, 300)
        await driver.settle()
        f.settle()
        try check(f.window.alertHost.alert == nil, "the swipe asked")
        try check(!f.dialog.isOpen && f.dialog.forwardPages.map(\.route) == routes, "not closed and kept")
        try check(f.window.toasts.isShowing, "no toast")
        f.window.toasts.button.click()  // Undo
        await driver.settle()
        f.settle()
        try check(f.dialog.routes == routes, "Undo did not bring the request back: \(f.dialog.routes)")
        try check(f.window.dialogHost.isSheet, "the request came back floating at 360 px")
    }
}

/// Whether `widget` has the keyboard focus as far as the display lets a test see it: it is its
/// window's focus widget, and where the display made that window the active one, GTK says it has
/// the focus. weston 14's headless backend (Debian 13) makes no window active (traced: every
/// window, the main one too, reports is-active false, so no widget "has" the focus); weston 10's
/// and Xvfb's window managers do.
@MainActor
func hasKeyboardFocus(_ widget: Widget?, in window: Window) -> Bool {
    guard let widget, widget.containsFocus else { return false }
    return !window.isActive || widget.hasFocus
}
