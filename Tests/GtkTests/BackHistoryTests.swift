import Gtk
import GtkNavigation
import Navigation
import RayPets
import RayPetsUI

/// Back's history on the real window: the menu's items, and a choice made through its action.
@MainActor
func backHistoryTests(_ runner: TestRunner) {
    runner.testAsync(
        "Back's history on a pet's editor offers Rex, My pets, RayPets (Home); Home with unsaved changes lands there, every page kept ahead"
    ) {
        let w = try await WalkWindow.onRex()
        defer { w.close() }
        try w.button(L("Edit")).click()
        try await turns(until: { w.clinic.routes.count == 4 && !w.isSliding })
        guard let editor = w.clinic.topPage?.model as? PetEditorModel else { throw Failure(description: "no editor") }
        editor.set(.name, to: "Rexy")
        let navigation = w.main.navigation
        navigation.showHistory(x: 4, y: 4)
        guard let menu = navigation.historyMenu else { throw Failure(description: "no history menu") }
        // Home's title is the app's name, as GNOME apps title their first page.
        try check(menu.titles == ["Rex", "My pets", "RayPets"], "titles \(menu.titles)")
        try check(menu.isOpen, "the menu did not open")
        let home = w.clinic.pages[0].id
        try check(w.main.window.activateAction(NavigationAction.backTo, target: home.description), "no back-to action")
        menu.close()
        try await turns(until: { w.clinic.routes == [.home] && !w.isSliding })
        try check(w.main.window.title == "RayPets", "title \(w.main.window.title)")
        try check(w.main.alertHost.alert == nil, "a question")
        try check(w.clinic.forwardPages.map(\.title) == ["My pets", "Rex", "Edit Rex"], "kept ahead")
        try check(w.fixture.app.data.pet(id: "rex")?.name == "Rex", "the name was saved")
        navigation.showHistory(x: 4, y: 4)
        try check(navigation.historyMenu == nil, "a history menu on the root page (its pages ahead: Alt+Right)")
    }

    runner.testAsync(
        "beside a sidebar, the content's Back has its history (its pages below, then the list) and the sidebar's its own"
    ) {
        let w = try await WalkWindow.onRex()
        defer { w.close() }
        let host = w.main.tabHost.pageHost(for: .clinic)
        w.main.window.setDefaultSize(width: 1200, height: 620)
        try await turns(until: { host.isSplit && !w.isSliding })
        try w.button(L("Edit")).click()
        try await turns(until: { w.clinic.routes.count == 4 && !w.isSliding })
        let content = host.showPaneHistory(content: true)
        try check(content?.titles == ["Rex", "My pets"], "the content's history: \(content?.titles ?? [])")
        try check(content?.isOpen == true, "the content's history did not open")
        content?.close()
        let sidebar = host.showPaneHistory(content: false)
        try check(sidebar?.titles == ["RayPets"], "the sidebar's history: \(sidebar?.titles ?? [])")
        sidebar?.close()
        let list = w.clinic.pages[1].id
        try check(w.main.window.activateAction(NavigationAction.backTo, target: list.description), "no back-to")
        try await turns(until: { w.clinic.routes == [.home, .pets] && !w.isSliding })
        try check(host.isSplit, "no longer split")
    }

    runner.testAsync("Back's history in the dialog lists the dialog's pages below the shown one") {
        let w = try await WalkWindow.open()
        defer { w.close() }
        try w.button(L("Schedule appointment")).click()
        try await turns(until: { w.main.dialogHost.card != nil && !w.isSliding })
        try w.listView(inDialog: true).activateItem(at: 0)
        try await turns(until: { w.main.dialogHost.backHistory.count == 1 && !w.isSliding })
        try check(w.main.dialogHost.backHistory.map(\.title) == ["Which pet?"], "\(w.main.dialogHost.backHistory)")
    }
}
