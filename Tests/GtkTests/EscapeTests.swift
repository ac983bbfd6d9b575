import Gtk
import GtkNavigation
import Navigation
import RayPets
import RayPetsUI

/// Escape goes back on a stack page (issue 41), as on a page of GNOME's navigation view: the
/// window's `navigation.cancel` (its Escape shortcut, which a control on the page that takes
/// Escape gets first), unless the page turns it off.
@MainActor
func escapeTests(_ runner: TestRunner) {
    runner.testAsync("Escape on a pet's page goes back to My pets; on the editor with changes it keeps it, as Back") {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        let driver = GtkDriver(f)
        let clinic = f.tabs.router(for: .clinic)
        try await driver.perform(.press("My pets"))
        try await driver.perform(.chooseRow(0))
        let petPage = clinic.routes
        try check(f.window.window.activateAction(NavigationAction.cancel), "the window has no navigation.cancel")
        await driver.settle()
        try check(clinic.routes == Array(petPage.dropLast()), "Escape on Rex's page left \(clinic.routes)")
        try await driver.perform(.chooseRow(0))
        try await driver.perform(.press("Edit"))
        f.window.tabHost.selectedHost?.shownView?.initialFocus?.typeAsKeystroke("y")
        let editing = clinic.routes
        f.window.window.activateAction(NavigationAction.cancel)
        await driver.settle()
        try check(f.window.alertHost.alert == nil, "Escape on the editor asked")
        try check(clinic.routes == Array(editing.dropLast()), "Escape on the editor left \(clinic.routes)")
        try check(clinic.forwardPages.map(\.route) == [editing.last!], "Escape did not keep the editor, as Back does")
    }

    runner.testAsync("Escape in My pets' search clears it first; in the empty search it goes back") {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        let driver = GtkDriver(f)
        let clinic = f.tabs.router(for: .clinic)
        try await driver.perform(.press("My pets"))
        // Only the entry is kept: a test holding the page's view past its leaving is a leak.
        guard let page = f.window.tabHost.selectedHost?.shownView?.widget,
            let search = findWidgets(SearchEntry.self, in: page).first
        else { throw Failure(description: "My pets has no search entry") }
        search.text = "clo"
        search.emit("stop-search")  // what GTK's search entry does on Escape
        await driver.settle()
        try check(search.text.isEmpty, "Escape did not clear the search: \(search.text)")
        try check(clinic.routes == [.home, .pets], "the first Escape left My pets: \(clinic.routes)")
        search.emit("stop-search")
        await driver.settle()
        try check(clinic.routes == [.home], "Escape in the empty search did not go back: \(clinic.routes)")
    }

    runner.test("a page that turns Escape off stays; Escape on the root page does nothing") {
        final class KeepsEscape: PageView {
            let widget: Widget = Label("Escape is mine here")
            let escapeGoesBack = false
        }
        let f = HostFixture(makeView: { page -> any PageView in page.route == .b ? KeepsEscape() : TestPageView(page) })
        defer { f.tearDown() }
        f.window.activateAction(NavigationAction.cancel)
        f.router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: nil)
        f.window.activateAction(NavigationAction.cancel)
        f.settle()
        try check(f.router.routes == [.root], "Escape on the root page changed \(f.router.routes)")
        f.router.present(.a, model: TitledModel("A"), animated: false, onDismissed: nil)
        f.router.present(.b, model: TitledModel("B"), animated: false, onDismissed: nil)
        f.settle()
        f.window.activateAction(NavigationAction.cancel)
        f.settle()
        try check(f.router.routes == [.root, .a, .b], "Escape left a page that keeps it: \(f.router.routes)")
        f.router.goBack(animated: false)
        f.settle()
        f.window.activateAction(NavigationAction.cancel)
        f.settle()
        try check(f.router.routes == [.root], "Escape on A did not go back: \(f.router.routes)")
    }
}
