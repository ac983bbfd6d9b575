import Gtk
import GtkNavigation
import Navigation
import RayPets
import RayPetsUI

/// No input is swallowed by a question that is ending (issue 41): a Back pressed right after
/// the user answers, before the answer has been carried out, is carried out afterwards,
/// whether it comes in the same turn of the loop as the click or as the next input event (the
/// router keeps the user's Back until the answer arrives). Nothing here waits between the
/// click and the key.
@MainActor
func inputTests(_ runner: TestRunner) {
    runner.testAsync("Alt+Left right after Discard, 50 times: every press goes back one page more") {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        MainLoop.setAnimationsEnabled(false)
        defer { MainLoop.setAnimationsEnabled(true) }
        let driver = GtkDriver(f)
        let clinic = f.tabs.router(for: .clinic)
        // Back asks only where nothing could bring the editor back (its window closing, its pet
        // being deleted in another window): the flag stands for that, so that every Alt+Left
        // asks and the press right after *Discard* is the one under test.
        f.app.services.questions.isClosingWindow = true
        try await driver.perform(.press("My pets"))
        for round in 1...50 {
            try await driver.perform(.chooseRow(round % 4))
            try await driver.perform(.press("Edit"))
            guard let name = f.window.tabHost.selectedHost?.shownView?.initialFocus else {
                throw Failure(description: "round \(round): no editor")
            }
            name.typeAsKeystroke("x")
            try await driver.perform(.altLeft)
            guard let discard = f.window.alertHost.alert?.button("discard") else {
                throw Failure(description: "round \(round): Alt+Left did not ask")
            }
            discard.click()
            if round.isMultiple(of: 2) {
                f.window.navigation.goBack()  // in the same turn as the click
            } else {
                MainLoop.asInputEvent { f.window.navigation.goBack() }  // the next event
            }
            await settle(until: { clinic.routes == [.home, .pets] && f.window.alertHost.alert == nil })
            try check(
                clinic.routes == [.home, .pets],
                "round \(round): Discard and Alt+Left left \(clinic.routes), not My pets")
            try check(f.window.alertHost.alert == nil, "round \(round): a question is open")
        }
        try check(f.app.services.data.pet(id: "rex")?.name == "Rex", "Discard saved")
    }
}

/// Lets the loop run until `done` holds — what the last inputs set off has been carried out (an
/// answer resumes its flow a few turns of the loop later on a loaded machine) — for at most
/// `seconds`. It waits after the inputs, for their result, never between two of them: a press
/// that was lost never gives the result, and the check after it fails.
@MainActor
func settle(until done: () -> Bool, seconds: Double = 5) async {
    let deadline = MainLoop.now + Int(seconds * timeScale * 1_000_000)
    while !done(), MainLoop.now < deadline { await MainLoop.idle() }
}
