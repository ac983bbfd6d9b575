import Glibc
import Gtk
import GtkNavigation
import GtkTesting
import Navigation
import RecipeBoxCore
import RecipeBoxUI

// A GTK smoke test of RecipeBox: the real window, hosts and views on a display (scripts/test
// runs it under a private Xvfb). It walks list -> recipe -> the servings dialog, closed by
// Ctrl+W -> cooking -> done -> cooking -> Stop (asked in an alert) -> Back -> Ctrl+W, and checks
// what GTK shows at each step, then that the hosts' leak check found nothing. The keys are typed
// through the X server (GtkTestDriver.press), as a person types them.
guard MainLoop.initialize() else {
    print("recipe-box-smoke: cannot open a display; run it under Xvfb (scripts/with-display)")
    exit(2)
}
// Awaited answers (the alert's) resume through the main queue: let the GLib loop run it, as
// `Application.run` does.
MainQueueBridge.install()

@MainActor
func smoke() -> [String] {
    var failures: [String] = []
    func expect(_ condition: Bool, _ message: String) { if !condition { failures.append(message) } }
    func settle() { GtkTestDriver.settle() }
    // Stop asks through a leave guard whose answer is awaited, and Swift resumes an awaited
    // answer on a worker thread before it hops back to the main actor: an idle main loop does
    // not prove the router has heard it (measured under load: 2-6 ms after the alert closed).
    // Wait for what each step leads to.
    func settle(until done: () -> Bool) {
        GtkTestDriver.run(until: done, timeout: 10)
        settle()
    }

    let app = RecipeBoxWindow(application: nil)
    app.window.present()
    expect(GtkTestDriver.runUntilShown(app.window), "the window was not shown")
    settle()
    expect(app.window.title == "Recipes", "first title: \(app.window.title)")
    expect(!app.navigation.backButton.isVisible, "Back shown on the list")

    let list = app.stackRouter.topPage?.model as? RecipeListModel
    list?.onSelect?(Recipe.samples[0])
    settle()
    expect(app.window.title == "Pancakes", "title after choosing: \(app.window.title)")
    expect(app.navigation.backButton.isVisible, "Back hidden on a recipe")

    // Ctrl+W in the dialog closes the dialog, and only the dialog.
    (app.stackRouter.topPage?.model as? RecipeModel)?.onChangeServings?()
    settle(until: { app.dialog?.isMapped == true })
    if app.dialog != nil {
        do {
            try GtkTestDriver.press("<Control>w", in: app.window)  // the focus is in the dialog
            settle(until: { app.dialog == nil })
            expect(app.dialog == nil && !app.dialogRouter.isOpen, "Ctrl+W left the servings dialog open")
            expect(app.window.isMapped && app.window.title == "Pancakes", "Ctrl+W in the dialog reached the window")
        } catch {
            expect(false, "Ctrl+W could not be typed: \(error)")
        }
    } else {
        expect(false, "the servings dialog did not open")
    }

    (app.stackRouter.topPage?.model as? RecipeModel)?.onCook?()
    for _ in 0..<3 {
        settle()
        (app.stackRouter.topPage?.model as? CookingStepModel)?.onNext?()
    }
    settle()
    expect(app.window.title == "Pancakes", "after Done: \(app.window.title) (cooking must end on the recipe)")

    // Past the first step, Stop asks in an alert inside the window; Keep cooking stays.
    (app.stackRouter.topPage?.model as? RecipeModel)?.onCook?()
    settle()
    (app.stackRouter.topPage?.model as? CookingStepModel)?.onNext?()
    settle()
    let cooking = app.stackRouter.routes
    (app.stackRouter.topPage?.model as? CookingStepModel)?.onStop?()
    settle(until: { app.alertHost.alert != nil })
    if let alert = app.alertHost.alert {
        expect(alert.isShown && alert.heading == "Stop cooking?", "alert: \(alert.heading)")
        expect(alert.button("keep")?.hasFocus == true, "Keep cooking is not focused")
        do {
            try GtkTestDriver.press("Escape", in: app.window)  // Escape keeps cooking
        } catch {
            expect(false, "Escape could not be typed: \(error)")
        }
        // Stop is a request from code (the page's button), and such a request joins a question
        // whose answer is still on its way to the router: wait for the answer first. (A Back
        // the user makes in that moment waits for it instead: RayPets' GTK tests.)
        settle(until: { app.alertHost.alert == nil && app.stackRouter.pendingLeave == nil })
        expect(app.alertHost.alert == nil, "the alert stayed after Keep cooking")
        expect(app.stackRouter.routes == cooking, "Keep cooking changed the stack: \(app.stackRouter.routes)")
    } else {
        expect(false, "Stop on step 2 did not ask")
    }
    (app.stackRouter.topPage?.model as? CookingStepModel)?.onStop?()
    settle(until: { app.alertHost.alert != nil })
    expect(app.alertHost.alert != nil, "Stop on step 2 did not ask the second time")
    if let stop = app.alertHost.alert?.button("stop") { GtkTestDriver.click(stop) }
    settle(until: { app.window.title == "Pancakes" })
    expect(app.window.title == "Pancakes", "after Stop: \(app.window.title)")

    GtkTestDriver.click(app.navigation.backButton)
    settle()
    expect(app.window.title == "Recipes", "after Back: \(app.window.title)")
    expect(app.stackRouter.routes == [.recipes], "routes after Back: \(app.stackRouter.routes)")

    // Ctrl+W in the window closes it, as its close button does.
    do {
        try GtkTestDriver.press("<Control>w", in: app.window)
    } catch {
        expect(false, "Ctrl+W could not be typed: \(error)")
        app.window.destroy()
    }
    settle(until: { app.stackRouter.pages.isEmpty })
    expect(app.stackRouter.pages.isEmpty, "pages left after Ctrl+W in the window")
    return failures
}

/// What the hosts' leak check found: every page the walk showed has left (the last ones with
/// the window), and with the window gone, nothing of theirs — model, flow, view, widget — may
/// still be alive.
@MainActor
func leaks() -> [String] {
    GtkTestDriver.run(until: { !GtkLeakCheck.isPending }, timeout: 5)
    return GtkLeakCheck.takeFindings().map { "leak: \($0)" }
}

let failures = MainActor.assumeIsolated { smoke() + leaks() }
for failure in failures { print("FAIL \(failure)") }
print("recipe-box-smoke: \(failures.isEmpty ? "passed" : "\(failures.count) failed")")
exit(failures.isEmpty ? 0 : 1)
