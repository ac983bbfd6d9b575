import Glibc
import Navigation
import NavigationTesting
import RayPets
import RayPetsTesting

/// A window that records what it was asked to show.
@MainActor
final class FakeWindow: AppWindow {
    private(set) var presentCount = 0
    private(set) var sections: [AppSection] = []
    /// The frame it reports (set by a test).
    var frame: WindowFrame?
    func present() { presentCount += 1 }
    func show(_ section: AppSection) { sections.append(section) }
    func restore(_ frame: WindowFrame) { self.frame = frame }
}

/// Lines reported by a service.
@MainActor
final class Reports {
    var lines: [String] = []
}

/// Records in a new in-memory database holding exactly `pets` (with their ids), or the
/// sample pets.
@MainActor
func makeData(pets: [Pet]? = nil) -> ClinicData {
    let store = ClinicDatabase.inMemory()
    if let pets {
        for sample in ClinicDatabase.samplePets { _ = try! store.deletePet(sample.id) }
        for (index, pet) in pets.enumerated() {
            try! store.undeletePet(pet, from: DeletedRecords(position: Int64(100 + index), history: []))
        }
    }
    return ClinicData(store: store)
}

/// A fresh, empty folder for one test's files (removed when the test process exits).
func makeTemporaryFolder() -> String { TemporaryFolders.make() }

/// The whole app on in-memory hosts: what a user would see, with no GTK at all.
///
/// After every step the harness tracks every coordinator in the tree and every page model on
/// any host, so `live.liveCount` says how many of those are still alive at any moment.
@MainActor
final class AppHarness {
    let welcomeHost = InMemoryHost<AppRoute>()
    // 560: the main window's default width (MainWindow), as the reference model starts.
    let tabHost = InMemoryTabHost<AppTab, AppRoute>(
        tabs: AppTab.allCases, layouts: [.clinic: AppRoute.splitLayout], width: 560)
    let dialogHost = InMemoryHost<AppRoute>()
    /// Where "Discard changes?" alerts show.
    let alertHost = InMemoryHost<AppRoute>()
    let alertRouter: ModalRouter<AppRoute>
    let window = FakeWindow()
    let feedback = FeedbackLog()
    let services: ClinicServices
    let live = LiveObjects()
    let tabs: TabRouter<AppTab, AppRoute>
    let dialogRouter: ModalRouter<AppRoute>
    let app: WindowCoordinator
    /// What the settings store reported.
    let reports = Reports()

    /// The app with its settings in a new folder; `firstLaunch: false` pretends the welcome
    /// page was done on an earlier run. `pets` replaces the sample pets.
    init(firstLaunch: Bool = false, pets: [Pet]? = nil, data: ClinicData? = nil, settingsPath: String? = nil) {
        let path = settingsPath ?? makeTemporaryFolder() + "/raypets/settings"
        let settings = SettingsStore(path: path) { [reports] in reports.lines.append($0) }
        if !firstLaunch { settings.completeWelcome() }
        alertRouter = ModalRouter(host: alertHost)
        // The dialog and its alerts are modal: nothing under them takes input while they show.
        for dialog in [dialogHost, alertHost] {
            tabHost.addCoveringDialog(dialog)
            welcomeHost.addCoveringDialog(dialog)
        }
        dialogHost.addCoveringDialog(alertHost)
        services = ClinicServices(
            data: data ?? makeData(pets: pets), settings: settings, feedback: feedback,
            questions: Questions(router: alertRouter))
        tabs = TabRouter(tabs: AppTab.allCases, host: tabHost)
        dialogRouter = ModalRouter(host: dialogHost)
        app = WindowCoordinator(
            window: window, welcomeRouter: StackRouter(host: welcomeHost), tabs: tabs,
            dialogRouter: dialogRouter, services: services)
        app.start()
        track()
    }

    var clinicHost: InMemoryHost<AppRoute> { tabHost.hosts[.clinic]! }
    var learnHost: InMemoryHost<AppRoute> { tabHost.hosts[.learn]! }

    /// The coordinator of a tab's root page.
    var home: HomeCoordinator { app.children.compactMap { $0 as? HomeCoordinator }.first! }
    var learn: LearnCoordinator { app.children.compactMap { $0 as? LearnCoordinator }.first! }

    /// The host the user is looking at: the dialog, the welcome page, or the visible tab.
    var activeHost: InMemoryHost<AppRoute> {
        if dialogHost.isOpen { return dialogHost }
        if welcomeHost.isOpen { return welcomeHost }
        return tabHost.selectedHost!
    }

    /// The route a user sees.
    var topRoute: AppRoute? { activeHost.topRoute }

    /// Records every reachable coordinator and page model as "seen".
    func track() {
        var queue: [any Coordinator] = [app]
        while let next = queue.popLast() {
            live.track(next)
            queue.append(contentsOf: next.children)
        }
        let hosts = [welcomeHost, dialogHost] + AppTab.allCases.map { tabHost.hosts[$0]! }
        for page in hosts.flatMap(\.pages) { live.track(page.model) }
    }

    /// Waits until the navigation work set off has run (awaited results have landed):
    /// NavigationTesting's `settle()`.
    func settle() async { await NavigationTesting.settle() }

    /// Runs `action`, then tracks what it created.
    func step(_ action: () -> Void) {
        action()
        track()
    }

    /// The records.
    var data: ClinicData { services.data }

    /// Every stored appointment request's answers, oldest first.
    var requests: [AppointmentRequest] {
        ((try? data.allPets()) ?? []).flatMap { (try? data.history(of: $0.id)) ?? [] }.sorted { $0.id < $1.id }.map(
            \.request)
    }

    /// Objects that live as long as the app: the WindowCoordinator, the two tab coordinators
    /// and their root page models.
    static let permanentObjects = 5

    /// Live objects beyond the permanent ones.
    var liveBeyondRoots: Int { live.liveCount - Self.permanentObjects }

    // MARK: User actions on the visible page

    func model<Model>(_ type: Model.Type) -> Model { activeHost.topModel(as: Model.self)! }
    /// The open "Discard …?" alert, if any.
    var question: DiscardQuestionModel? { alertHost.topModel(as: DiscardQuestionModel.self) }
    /// Answers the open alert and waits for the app to act on the answer.
    func answer(_ answer: DiscardAnswer) async {
        question?.answer(answer)
        await settle()
        track()
    }
    func tapTab(_ tab: AppTab) { step { tabHost.tapTab(tab) } }
    func tapSchedule() { step { model(HomeModel.self).scheduleAppointment() } }
    func tapMyPets() { step { model(HomeModel.self).showPets() } }
    func tapClinicInfo() { step { model(HomeModel.self).showClinicInfo() } }
    func tapAction() {
        step {
            switch activeHost.topPage?.model {
            case let model as MessageModel: model.performAction()
            case let model as DetailsModel: model.performAction()
            case let model as PetDetailsModel: model.showClinicInfo()
            default: preconditionFailure("no action on \(String(describing: topRoute))")
            }
        }
    }
    func pick<Option: ChoiceOption>(_ option: Option) { step { model(TypedChoiceModel<Option>.self).select(option) } }
    func choosePet(at index: Int) async {
        step { model(PetListModel.self).select(at: index) }
        await self.settle()
        track()
    }
    func tapBack() {
        step {
            if dialogHost.isOpen { dialogHost.tapBack() } else { tabHost.tapBack() }
        }
    }
    func tapForward() {
        step {
            if dialogHost.isOpen { dialogHost.tapForward() } else { tabHost.hosts[tabs.selectedTab]?.tapForward() }
        }
    }
    /// The window's close button (`WindowCoordinator.askToClose()`), started now.
    func requestWindowClose() -> Task<Bool, Never> {
        Task.immediate { @MainActor [app] in await app.askToClose() }
    }
    /// Drops every page kept for Forward (`WindowCoordinator.dropForward()`).
    func dropForward() { step { app.dropForward() } }
    func tapCancel() async {
        step { dialogHost.tapCancel() }
        await self.settle()
    }
    func closeDialogWindow() async {
        step { dialogHost.closeWindow() }
        await self.settle()
    }
}

/// One window of a `WindowsHarness`: its in-memory hosts, held as a `MainWindow` holds its GTK
/// hosts (until the window is destroyed), and what was seen of it.
@MainActor
final class HarnessWindow {
    let window = FakeWindow()
    let feedback = FeedbackLog()
    let welcomeHost = InMemoryHost<AppRoute>()
    // 560: the main window's default width (MainWindow), as the reference model starts.
    let tabHost = InMemoryTabHost<AppTab, AppRoute>(
        tabs: AppTab.allCases, layouts: [.clinic: AppRoute.splitLayout], width: 560)
    let dialogHost = InMemoryHost<AppRoute>()
    /// Where the window's "Discard changes?" alerts show.
    let alertHost = InMemoryHost<AppRoute>()
    /// Every coordinator and page model of this window seen so far.
    let live = LiveObjects()

    init() {
        // The dialog and its alerts are modal in their window only.
        for dialog in [dialogHost, alertHost] {
            tabHost.addCoveringDialog(dialog)
            welcomeHost.addCoveringDialog(dialog)
        }
        dialogHost.addCoveringDialog(alertHost)
    }

    /// The routers over the hosts, as `RayPetsApp.makeWindow` makes them over a `MainWindow`.
    func parts() -> WindowParts {
        WindowParts(
            window: window, welcomeRouter: StackRouter(host: welcomeHost),
            tabs: TabRouter(tabs: AppTab.allCases, host: tabHost), dialogRouter: ModalRouter(host: dialogHost),
            feedback: feedback, questions: Questions(router: ModalRouter(host: alertHost)))
    }

    var clinicHost: InMemoryHost<AppRoute> { tabHost.hosts[.clinic]! }
    var hosts: [InMemoryHost<AppRoute>] {
        [welcomeHost, dialogHost, alertHost] + AppTab.allCases.map { tabHost.hosts[$0]! }
    }

    /// The host the user is looking at: the dialog, the welcome page, or the visible tab.
    var activeHost: InMemoryHost<AppRoute> {
        if dialogHost.isOpen { return dialogHost }
        if welcomeHost.isOpen { return welcomeHost }
        return tabHost.selectedHost!
    }
}

/// The whole app with many windows on in-memory hosts: an `AppCoordinator` whose windows are
/// `HarnessWindow`s. Closing a window as the app does (`close(_:)`: asked, then destroyed if
/// its pages agreed) drops its hosts, so everything of it must be freed: `track()` notes every
/// coordinator and page model of every window, and `closedWindowsAlive` counts what is left of
/// the windows closed since the last look.
@MainActor
final class WindowsHarness {
    /// The windows made, the last one last (the `AppCoordinator` asks for one at each opening).
    private final class Made { var last: HarnessWindow? }
    let app: AppCoordinator
    /// The open windows' hosts, in the order they were opened (as `app.windows.windows`).
    private(set) var windows: [HarnessWindow] = []
    /// Every coordinator and page model of any window seen so far.
    let live = LiveObjects()
    /// A closed window: its hosts until its close has settled, what was seen of it, and how
    /// many looks (`closedWindowsAlive`) it has had.
    private final class Closed {
        var window: HarnessWindow?
        let live: LiveObjects
        var looks = 0
        init(_ window: HarnessWindow) {
            self.window = window
            live = window.live
        }
    }
    private var closed: [Closed] = []
    /// How many windows were closed.
    private(set) var closedCount = 0

    /// The app with one window at Home (the welcome page done), over `pets` (or the samples).
    init(pets: [Pet]? = nil) {
        let settings = SettingsStore(path: makeTemporaryFolder() + "/raypets/settings")
        settings.completeWelcome()
        let made = Made()
        app = AppCoordinator(data: makeData(pets: pets), settings: settings) {
            let window = HarnessWindow()
            made.last = window
            return window.parts()
        }
        self.made = made
        // As the app starts (its first window is no Ctrl+N: the journal records no action).
        app.openWindow()
        adoptNewWindows()
    }

    private let made: Made

    /// Ctrl+N: a new window at Home, focused.
    func openWindow() {
        app.newWindow()
        adoptNewWindows()
    }

    /// Holds the hosts of a window the app opened by itself (*Open in New Window*).
    func adoptNewWindows() {
        if let window = made.last, !windows.contains(where: { $0 === window }) { windows.append(window) }
        track()
    }

    /// The hosts of the window of `coordinator`.
    func hosts(of coordinator: WindowCoordinator) -> HarnessWindow {
        windows.first { $0.window === coordinator.window }!
    }

    /// The focused window's coordinator and hosts.
    var focused: WindowCoordinator { app.windows.focused! }
    var focusedHosts: HarnessWindow { hosts(of: focused) }

    /// The user moves to window `index` (in opening order).
    func focus(_ index: Int) { app.windows.focus(app.windows.windows[index]) }

    /// Ctrl+W on `window`, as `RayPetsApp` does: its pages are asked; if they all agree the
    /// window is destroyed (its hosts dropped).
    func close(_ window: WindowCoordinator) {
        Task.immediate { @MainActor [weak self] in
            guard await self?.app.requestClose(window) == .closed, let self else { return }
            self.destroy(window)
        }
    }

    /// `window` is destroyed: the group forgets it, the hosts go.
    private func destroy(_ window: WindowCoordinator) {
        app.windowDidClose(window)
        guard let index = windows.firstIndex(where: { $0.window === window.window }) else { return }
        closed.append(Closed(windows.remove(at: index)))
        closedCount += 1
    }

    /// Records every reachable coordinator and page model of every window as "seen".
    func track() {
        for coordinator in app.windows.windows {
            let window = hosts(of: coordinator)
            var queue: [any Coordinator] = [coordinator]
            while let next = queue.popLast() {
                live.track(next)
                window.live.track(next)
                queue.append(contentsOf: next.children)
            }
            for page in window.hosts.flatMap(\.pages) {
                live.track(page.model)
                window.live.track(page.model)
            }
        }
    }

    /// Drops every page each open window keeps for Forward.
    func dropForward() {
        for window in app.windows.windows { window.dropForward() }
    }

    /// The type names of what is still alive of windows closed two looks ago or more (none:
    /// everything of a window is freed once its close has settled). A look one step after a
    /// close drops the window's hosts, as GTK frees a destroyed window's widgets (they then
    /// check what their pages brought); the next look counts what is alive. A window is
    /// counted once.
    func closedWindowsAlive() -> [String] {
        for entry in closed {
            entry.looks += 1
            if entry.looks >= 2 { entry.window = nil }
        }
        var alive: [String] = []
        closed.removeAll { entry in
            guard entry.looks >= 3 else { return false }
            alive += entry.live.liveTypeNames
            return true
        }
        return alive
    }

    /// What is still alive of every closed window not yet counted, once their hosts are gone
    /// and the app has settled (at the end of a walk, with no question open).
    func allClosedWindowsAlive() async -> [String] {
        for entry in closed { entry.window = nil }
        await settle()
        defer { closed = [] }
        return closed.flatMap(\.live.liveTypeNames)
    }

    /// Waits until the navigation work set off in every window has run.
    func settle() async { await NavigationTesting.settle() }

    /// Live objects beyond each open window's permanent ones (`AppHarness.permanentObjects`).
    var liveBeyondRoots: Int { live.liveCount - AppHarness.permanentObjects * windows.count }
}
