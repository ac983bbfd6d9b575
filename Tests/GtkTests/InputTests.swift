import Gtk
import GtkNavigation
import Navigation
import RayPets
import RayPetsUI

/// No input is swallowed by a question that is ending (issue 41): a key pressed or a button
/// clicked right after the user answers, before the answer has been carried out, is carried
/// out afterwards: in the same turn of the loop as the click (the router keeps the user's
/// Back until the answer arrives), or as the next input event (the answer is carried out
/// before the loop handles another event). Nothing here waits for the answer to arrive.
@MainActor
func inputTests(_ runner: TestRunner) {
    runner.testAsync("Alt+Left right after Discard, 50 times: every press goes back one page more") {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        MainLoop.setAnimationsEnabled(false)
        defer { MainLoop.setAnimationsEnabled(true) }
        let driver = GtkDriver(f)
        let clinic = f.tabs.router(for: .clinic)
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
            await driver.settle()
            try check(
                clinic.routes == [.home, .pets],
                "round \(round): Discard and Alt+Left left \(clinic.routes), not My pets")
            try check(f.window.alertHost.alert == nil, "round \(round): a question is open")
        }
        try check(f.app.services.data.pet(id: "rex")?.name == "Rex", "Discard saved")
    }

    runner.testAsync("Save clicked right after Keep editing saves and leaves the editor, 10 times") {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        MainLoop.setAnimationsEnabled(false)
        defer { MainLoop.setAnimationsEnabled(true) }
        let driver = GtkDriver(f)
        let clinic = f.tabs.router(for: .clinic)
        try await driver.perform(.press("My pets"))
        try await driver.perform(.chooseRow(0))
        let petPage = clinic.routes
        for round in 1...10 {
            try await driver.perform(.press("Edit"))
            guard let name = f.window.tabHost.selectedHost?.shownView?.initialFocus as? Entry else {
                throw Failure(description: "round \(round): no editor")
            }
            name.text = "Rex \(round)"
            try await driver.perform(.altLeft)
            guard let keep = f.window.alertHost.alert?.button("keepEditing") else {
                throw Failure(description: "round \(round): Alt+Left did not ask")
            }
            keep.click()
            MainLoop.asInputEvent {
                let save = findWidgets(Button.self, in: f.window.tabHost.selectedHost!.shownView!.widget)
                    .first { $0.label == L("Save") }
                save?.click()
            }
            await driver.settle()
            try check(clinic.routes == petPage, "round \(round): Save after Keep editing left \(clinic.routes)")
            try check(
                f.app.services.data.pet(id: "rex")?.name == "Rex \(round)",
                "round \(round): saved \(f.app.services.data.pet(id: "rex")?.name ?? "nothing")")
        }
    }
}
