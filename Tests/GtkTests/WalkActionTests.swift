import Glibc
import Gtk
import GtkNavigation
import Navigation
import RayPets
import RayPetsTesting
import RayPetsUI

// A full disk for walk 7: the records' SQLite connection is the app's own (`database`).
@testable import RayPets

/// Lets what the start state left pending (a slide's last frames, a window becoming the active
/// one, a toast's timer) run before the action: the trace is the action's alone.
@MainActor
func beforeTheAction(_ window: Window) async throws {
    try await turns(until: { window.isActive }, seconds: 1, orGiveUp: true)
    try await Task.sleep(for: .milliseconds(150))
}

/// Where a walk's action starts: `scripts/check-walks` runs each `walk N:` test under gdb,
/// which records the project functions that run from this call to `walkActionEnded()`
/// (a breakpoint on each of the two; they do nothing else).
@inline(never)
func walkActionStarts(_ walk: Int) {
    log("  walk \(walk): the action starts")
}

/// Where a walk's action has shown its result (see `walkActionStarts(_:)`).
@inline(never)
func walkActionEnded() {
    log("  the action ended")
}

/// One test per walk of ARCHITECTURE.md's "Walks: one user action, file by file". Each sets up
/// the walk's start state in a window as the app makes them (under the application coordinator;
/// walks 2, 8 and 9 run the app itself), performs its action between `walkActionStarts` and
/// `walkActionEnded` the way the user's input reaches the app from GTK (an action activated, a
/// button's `clicked`, a window's close request, a new width, GApplication's own signals), and
/// checks the result the walk ends with. Between the two marks the test calls nothing of the
/// app's but the input and the checks that wait for the result.
@MainActor
func walkActionTests(_ runner: TestRunner) {
    runner.testAsync("walk 1: Back: Alt+Left on a pet's page") {
        let w = try await WalkWindow.onRex()
        defer { w.close() }
        try await beforeTheAction(w.main.window)
        walkActionStarts(1)
        _ = w.main.window.activateAction(NavigationAction.back)  // what Alt+Left activates
        walkActionEnded()
        try check(w.clinic.routes == [.home, .pets], "routes \(w.clinic.routes)")
        try check(w.main.window.title == "My pets", "title \(w.main.window.title)")
    }

    runner.test("walk 2: a deep link: raypets raypets://clinic/pets while RayPets runs on Home") {
        let folder = TemporaryFolders.make("walk-link")
        SettingsStore(path: folder + "/settings").completeWelcome()
        let app = RayPetsApp(settingsPath: FilePath(folder + "/settings"))
        var title = ""
        try runApp(app) {
            guard let main = app.mainWindow else { throw Failure(description: "no window") }
            try check(main.window.title == "RayPets", "start: \(main.window.title)")
            try await beforeTheAction(main.window)
            walkActionStarts(2)
            // A second launch with the link: it hands the link to this running instance over
            // D-Bus (GApplication's `open`) and exits.
            let launch = "'\(binaryFolder())/raypets' 'raypets://clinic/pets' >/dev/null 2>&1 &"
            try check(system(launch) == 0, "could not start \(launch)")
            try await turns(until: { main.window.title == "My pets" }, seconds: 60)
            walkActionEnded()
            title = main.window.title
        }
        try check(title == "My pets", "title \(title)")
    }

    runner.testAsync("walk 3: Delete: a pet's Delete button") {
        let w = try await WalkWindow.onRex()
        defer { w.close() }
        let delete = try w.button(L("Delete"))
        try await beforeTheAction(w.main.window)
        walkActionStarts(3)
        delete.click()
        try await turns(until: { w.clinic.routes.count == 2 })
        walkActionEnded()
        try check(w.clinic.routes == [.home, .pets], "routes \(w.clinic.routes)")
        try check(w.fixture.app.data.pet(id: "rex") == nil, "Rex not deleted")
        try check(w.main.toasts.isShowing, "no Undo toast")
    }

    runner.testAsync("walk 4: Undo: the toast's Undo") {
        let w = try await WalkWindow.onRex()
        defer { w.close() }
        try w.button(L("Delete")).click()
        try await turns(until: { w.clinic.routes.count == 2 && w.main.toasts.isShowing && !w.isSliding })
        let list = try w.listView()
        try check(list.count == 3, "rows before Undo: \(list.count)")
        try await beforeTheAction(w.main.window)
        walkActionStarts(4)
        w.main.toasts.button.click()
        walkActionEnded()
        try check(list.count == 4, "rows after Undo: \(list.count)")
        try check(w.fixture.app.data.pet(id: "rex") != nil, "Rex not back")
    }

    runner.testAsync("walk 5: a guarded close: the appointment request dialog's close button, a question asked") {
        let w = try await WalkWindow.open()
        defer { w.close() }
        try w.button(L("Schedule appointment")).click()
        try await turns(until: { w.main.dialogHost.shownView.map { findListViews(in: $0.widget).isEmpty } == false })
        try w.listView(inDialog: true).activateItem(at: 0)
        try await turns(until: { w.window.dialogRouter.pages.count == 2 && !w.isSliding })
        try w.button(L("Sick"), inDialog: true).click()  // an answer: leaving now asks
        try await turns(until: { w.window.dialogRouter.pages.count == 3 && !w.isSliding })
        guard let dialog = w.main.dialogHost.window else { throw Failure(description: "no dialog") }
        try await beforeTheAction(dialog)
        walkActionStarts(5)
        dialog.close()  // the close button: GTK's close request
        try await turns(until: { w.main.alertHost.alert != nil })
        walkActionEnded()
        guard let alert = w.main.alertHost.alert else { throw Failure(description: "no question") }
        try check(alert.window.title == "Discard answers?", "title \(alert.window.title)")
        try check(alert.window.transientParent == dialog.gobject, "the question is not over the dialog")
        try check(w.main.dialogHost.window === dialog, "the dialog closed")
        alert.button("discard")?.click()
        try await turns(until: { w.main.dialogHost.window == nil })
    }

    runner.testAsync("walk 6: the split switch: a window on a pet's page dragged from 600 to 900 px") {
        let w = try await WalkWindow.onRex()
        defer { w.close() }
        let host = w.main.tabHost.pageHost(for: .clinic)
        try check(!host.isSplit, "split at 600 px")
        try await beforeTheAction(w.main.window)
        walkActionStarts(6)
        w.main.window.setDefaultSize(width: 900, height: 620)  // as the drag's last size
        try await turns(until: { host.isSplit })
        walkActionEnded()
        try check(w.main.window.title == "Rex", "title \(w.main.window.title)")
    }

    runner.testAsync("walk 7: a failed save: Save in the pet editor when the disk is full") {
        let store = ClinicDatabase.inMemory()
        let w = try await WalkWindow.onRex(store: store)
        defer { w.close() }
        try w.button(L("Edit")).click()
        try await turns(until: { w.clinic.routes.count == 4 && !w.isSliding })
        guard let editor = w.clinic.topPage?.model as? PetEditorModel else {
            throw Failure(description: "no editor")
        }
        editor.set(.notes, to: String(repeating: "x", count: PetRules.maxNotesLength))
        try fillUp(store)
        let save = try w.button(L("Save"))
        try await beforeTheAction(w.main.window)
        walkActionStarts(7)
        save.click()
        try await turns(until: { editor.saveError != nil })
        walkActionEnded()
        try check(editor.saveError?.contains("disk is full") == true, "error \(editor.saveError ?? "none")")
        try check(w.clinic.routes.count == 4, "the editor left: \(w.clinic.routes)")
        try check(w.fixture.app.data.pet(id: "rex")?.notes != editor.draft.notes, "the notes were saved")
    }

    runner.test("walk 8: Quit: Ctrl+Q writes the navigation state") {
        let folder = TemporaryFolders.make("walk-quit")
        SettingsStore(path: folder + "/settings").completeWelcome()
        let statePath = FilePath(folder + "/state")
        let app = RayPetsApp(settingsPath: FilePath(folder + "/settings"), statePath: statePath, restoresState: false)
        try runApp(app, quits: false) {
            guard let main = app.mainWindow, let home = main.tabHost.pageHost(for: .clinic).shownView?.widget,
                let myPets = findWidgets(Button.self, in: home).first(where: { $0.label == L("My pets") })
            else { throw Failure(description: "no My pets on Home") }
            myPets.click()
            try await turns(until: { main.window.title == "My pets" })
            try await beforeTheAction(main.window)
            walkActionStarts(8)
            _ = main.window.activateAction(AppAction.quit)  // what Ctrl+Q activates
        }
        walkActionEnded()
        let saved = StateStore(path: statePath).load()
        try check(saved?.windows.first?.stacks[.clinic] == [.home, .pets], "saved \(String(describing: saved))")
    }

    runner.test("walk 9: Start: the saved state comes back (the Clinic tab on My pets)") {
        let folder = TemporaryFolders.make("walk-start")
        SettingsStore(path: folder + "/settings").completeWelcome()
        let statePath = FilePath(folder + "/state")
        try saveStateOnMyPets(statePath)
        let app = RayPetsApp(settingsPath: FilePath(folder + "/settings"), statePath: statePath)
        // After the app's own start-up (its actions, its style), before its first activation.
        app.application.onStartup { walkActionStarts(9) }
        var title = ""
        try runApp(app) {
            guard let main = app.mainWindow else { throw Failure(description: "no window") }
            try await turns(until: { main.window.title == "My pets" })
            walkActionEnded()
            title = main.window.title
        }
        try check(title == "My pets", "title \(title)")
    }

    runner.testAsync("walk 10: choosing a row: a pet in My pets") {
        let w = try await WalkWindow.open()
        defer { w.close() }
        try w.button(L("My pets")).click()
        try await turns(until: { w.clinic.routes.count == 2 && !w.isSliding })
        let list = try w.listView()
        try await beforeTheAction(w.main.window)
        walkActionStarts(10)
        list.activateItem(at: 0)
        walkActionEnded()
        try check(w.clinic.routes == [.home, .pets, .petDetail("rex")], "routes \(w.clinic.routes)")
    }
}

/// A window as the app makes them (`RayPetsApp.parts(of:)`, under an application coordinator),
/// 600 px wide (not split), Welcome done.
@MainActor
final class WalkWindow {
    let fixture: WindowsFixture
    let window: WindowCoordinator
    let main: MainWindow
    var clinic: StackRouter<AppRoute> { window.tabs.router(for: .clinic) }

    private init(store: ClinicDatabase) {
        fixture = WindowsFixture(store: store)
        window = fixture.app.openWindow()
        main = fixture.windows[0]
        main.window.setDefaultSize(width: 600, height: 620)
    }

    /// On Home.
    static func open(store: ClinicDatabase = ClinicDatabase.inMemory()) async throws -> WalkWindow {
        let w = WalkWindow(store: store)
        try await turns(until: { w.main.window.isMapped && w.main.window.allocatedWidth > 0 })
        return w
    }

    /// On the Clinic tab's first pet's page, reached by Home's button and My pets' list.
    static func onRex(store: ClinicDatabase = ClinicDatabase.inMemory()) async throws -> WalkWindow {
        let w = try await open(store: store)
        try w.button(L("My pets")).click()
        try await turns(until: { w.clinic.routes.count == 2 && !w.isSliding })
        try w.listView().activateItem(at: 0)
        try await turns(until: { w.clinic.routes.count == 3 && !w.isSliding })
        try check(w.clinic.routes == [.home, .pets, .petDetail("rex")], "start: routes \(w.clinic.routes)")
        return w
    }

    var isSliding: Bool {
        main.tabHost.pageHost(for: .clinic).isTransitionRunning || (main.dialogHost.stack?.isTransitionRunning ?? false)
    }

    private func shown(inDialog: Bool) -> Widget? {
        (inDialog ? main.dialogHost.shownView : main.tabHost.pageHost(for: .clinic).shownView)?.widget
    }

    /// The button labelled `label` on the Clinic tab's shown page (or the dialog's).
    func button(_ label: String, inDialog: Bool = false) throws -> Button {
        guard let page = shown(inDialog: inDialog),
            let button = findWidgets(Button.self, in: page).first(where: { $0.label == label })
        else { throw Failure(description: "no \(label) button on the shown page") }
        return button
    }

    /// The list on the Clinic tab's shown page (or the dialog's).
    func listView(inDialog: Bool = false) throws -> ListView {
        guard let page = shown(inDialog: inDialog), let list = findListViews(in: page).first else {
            throw Failure(description: "no list on the shown page")
        }
        return list
    }

    /// Closes the window as the app does once it is destroyed.
    func close() {
        main.window.destroy()
        fixture.app.windowDidClose(window)
        fixture.drop(0)
        fixture.settle()
    }
}

/// Lets the main loop turn until `condition` holds; fails after `seconds` (long: the valgrind and
/// sanitizer tiers run these tests many times slower). It waits by sleeping,
/// not with `MainLoop.idle()`: nothing of the app's runs for the wait itself (walks are traced).
@MainActor
func turns(until condition: () -> Bool, seconds: Double = 30, orGiveUp: Bool = false) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        if ContinuousClock.now > deadline {
            if orGiveUp { return }
            throw Failure(description: "timed out after \(seconds) s")
        }
        try await Task.sleep(for: .milliseconds(2))
    }
}

/// Runs the real app, GApplication and all, on this process's main loop: once it has opened its
/// windows, `body` runs as a task; then (unless `quits` is false: `body` quits it) the app
/// quits. Its windows are destroyed once it has.
@MainActor
private func runApp(_ app: RayPetsApp, quits: Bool = true, _ body: @escaping @MainActor () async throws -> Void) throws
{
    MainQueueBridge.install()
    var failure: Error?
    app.onActivated = { _ in
        Task { @MainActor in
            do { try await body() } catch {
                failure = error
                app.application.quit()
            }
            if quits { app.application.quit() }
        }
    }
    let status = app.run(arguments: ["raypets"])
    for window in app.coordinator?.windows.windows ?? [] { (window.window as? MainWindow)?.window.destroy() }
    MainLoop.run(until: { !MainLoop.iterate() }, timeout: 1)
    if let failure { throw failure }
    try check(status == 0, "the app exited with \(status)")
}

/// Saves, at `path`, the state of one window on the Clinic tab's My pets (a window of an
/// application coordinator of its own, closed again).
@MainActor
private func saveStateOnMyPets(_ path: FilePath) throws {
    let f = WindowsFixture()
    let window = f.app.openWindow()
    MainLoop.run(until: { f.windows.first?.window.isMapped == true })
    (window.tabs.router(for: .clinic).topPage?.model as? HomeModel)?.showPets()
    f.settle()
    try check(StateStore(path: path).save(f.app.state), "state not saved")
    f.windows.first?.window.destroy()
    f.drop(0)
    f.settle()
}

/// Fills the records as a full disk would: no page can be added, and the pets' pages have no
/// room for a pet with the longest notes.
@MainActor
private func fillUp(_ store: ClinicDatabase) throws {
    let pages = try store.database.integer("PRAGMA page_count") ?? 0
    try store.database.execute("PRAGMA max_page_count = \(pages)")
    let notes = String(repeating: "x", count: PetRules.maxNotesLength)
    while true {
        do {
            _ = try store.addPet(Pet(id: "", name: "Filler", species: .dog, age: nil, notes: notes))
        } catch {
            guard error.kind == .full else { throw error }
            return
        }
        try store.database.execute("UPDATE pets SET name_key = id WHERE name = 'Filler'")  // names may repeat
    }
}
