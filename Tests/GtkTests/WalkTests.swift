import Glibc
import Gtk
import GtkNavigation
import Navigation
import RayPets
import RayPetsTesting
import RayPetsUI

/// Drives the real GTK app in-process: clicks the visible page's real buttons, activates its
/// real list rows, and uses the header bar's and the dialog's own buttons and actions.
@MainActor
final class GtkDriver: AppDriver {
    let fixture: AppFixture
    let dialogs = FinalizationCounter()
    /// With `waitForAnimations: false`, the next action comes while pages are still sliding.
    var waitForAnimations = true

    init(_ fixture: AppFixture) {
        self.fixture = fixture
        fixture.window.modalHost.onViewCreated = { [widgets = fixture.widgets] in widgets.watch($0.widget) }
        fixture.window.modalHost.onWindowCreated = { [dialogs] in dialogs.watch($0) }
    }

    var app: AppCoordinator { fixture.app }
    var modalRouter: ModalRouter<AppRoute> { fixture.modal }
    private var window: MainWindow { fixture.window }

    private var visibleView: (any PageView)? {
        window.modalHost.window != nil ? window.modalHost.visibleView : window.tabHost.visibleHost?.visibleView
    }

    func perform(_ action: UserAction) async throws {
        switch action {
        case .press(let title):
            guard let button = visibleView.flatMap({ buttons(in: $0.widget) })?.first(where: { $0.label == title })
            else {
                throw Failure(description: "no button \"\(title)\" on the visible page")
            }
            button.click()
        case .chooseRow(let index):
            guard let list = visibleView.flatMap({ findListBoxes(in: $0.widget).first }),
                list.rows.indices.contains(index)
            else { throw Failure(description: "no row \(index) on the visible page") }
            list.rows[index].activate()
        case .back:
            if let back = window.modalHost.backButton { back.click() } else { window.navigation.backButton.click() }
        case .altLeft:
            if let back = window.modalHost.backAction { back.activate() } else { window.navigation.goBack() }
        case .cancel:
            window.modalHost.cancelButton?.click()
        case .escape:
            window.modalHost.cancelAction?.activate()
        case .closeDialog:
            window.modalHost.window?.close()
        case .switchTab(let tab):
            window.tabHost.stack.setVisibleChild(name: "tab-\(AppTab.allCases.firstIndex(of: tab)!)", transition: .none)
        case .addPet, .renamePet, .deletePet, .typeNote, .answer:
            throw Failure(description: "\(action) acts on models; the walk does it, not the driver")
        case .resize, .chooseInSidebar, .sidebarBack:
            throw Failure(description: "\(action): this walk keeps the window's width (the headless walk resizes)")
        }
        // Let the outer loop run (never spin it from inside this task: see MainLoop.idle).
        await MainLoop.idle()
        await MainLoop.idle()  // an awaited result (the pet picker's) resumes on the next turn
        while waitForAnimations && isSliding { await MainLoop.idle() }
    }

    func settle() async { await MainLoop.idle() }

    private var isSliding: Bool {
        AppTab.allCases.contains { window.tabHost.host(for: $0).isTransitionRunning }
            || (window.modalHost.stack?.isTransitionRunning ?? false)
    }

    private func buttons(in widget: Widget) -> [Button] {
        findWidgets(Button.self, in: widget)
    }
}

@MainActor
func walkTests(_ runner: TestRunner) {
    runner.testAsync("2,000 random user actions on the GTK app match the reference model; widgets freed") {
        let fixture = AppFixture(firstLaunch: false)
        defer { fixture.tearDown() }
        MainLoop.setAnimationsEnabled(false)
        defer { MainLoop.setAnimationsEnabled(true) }
        let driver = GtkDriver(fixture)
        let steps = Int(getenv("WALK_STEPS").map { String(cString: $0) } ?? "2000") ?? 2000
        let counts = try await NavigationWalk(seed: 7, steps: steps).run(driver, pets: ClinicDatabase.samplePets)
        log("  actions: \(counts.sorted { $0.key < $1.key })")
        fixture.settle()
        try check(
            fixture.widgets.alive == 2, "page widgets alive after the walk: \(fixture.widgets.alive) (2 tab roots)")
        try check(driver.dialogs.alive == 0, "dialog windows alive after the walk: \(driver.dialogs.alive)")
        try check(
            fixture.widgets.finalized >= steps / 10,
            "only \(fixture.widgets.finalized) page widgets were made and freed")
    }

    runner.testAsync("300 actions taken while pages are still sliding match the model too") {
        let fixture = AppFixture(firstLaunch: false)
        defer { fixture.tearDown() }
        let driver = GtkDriver(fixture)
        driver.waitForAnimations = false
        try await NavigationWalk(seed: 11, steps: 300).run(driver, pets: ClinicDatabase.samplePets)
        fixture.settle()
        try check(fixture.widgets.alive == 2, "page widgets alive after the walk: \(fixture.widgets.alive)")
        try check(driver.dialogs.alive == 0, "dialog windows alive after the walk: \(driver.dialogs.alive)")
    }
}
