import Glibc
import Gtk
import GtkNavigation
import Navigation
import NavigationTesting
import RayPets
import RayPetsTesting
import RayPetsUI

/// Two real windows under one `AppCoordinator`, as `RayPetsApp` makes them.
@MainActor
final class WindowsFixture {
    let widgets = FinalizationCounter()
    let app: AppCoordinator
    private(set) var mains: [MainWindow] = []

    /// With the records in `store` (by default, a new in-memory database).
    init(store: ClinicDatabase = ClinicDatabase.inMemory()) {
        MainQueueBridge.install()
        let settings = SettingsStore(path: makeTemporaryFolderForGtk() + "/settings")
        settings.completeWelcome()
        let box = MainsBox()
        let widgets = self.widgets
        app = AppCoordinator(data: ClinicData(store: store), settings: settings) {
            let main = MainWindow(application: nil)
            for tab in AppTab.allCases { main.tabHost.pageHost(for: tab).onViewCreated = { widgets.watch($0.widget) } }
            main.dialogHost.onViewCreated = { widgets.watch($0.widget) }
            box.mains.append(main)
            return RayPetsApp.parts(of: main)
        }
        self.box = box
    }

    private let box: MainsBox
    var windows: [MainWindow] { box.mains }

    /// Lets go of the window at `index`, as `RayPetsApp` does once a window is destroyed.
    func drop(_ index: Int) { box.mains.remove(at: index) }

    func settle() {
        MainLoop.run(until: { !MainLoop.iterate() }, timeout: 1)
    }

    /// Opens `link` in `window` and runs the loop until it is reached (or not).
    func open(_ link: DeepLink, in window: WindowCoordinator) -> Bool {
        wait(Task { [weak window] in await window?.open(link) ?? false })
    }

    /// Asks to close `window` and runs the loop until it is decided.
    func close(_ window: WindowCoordinator) -> WindowClosing {
        let app = self.app
        return wait(
            Task { [weak window] in
                guard let window else { return .closed }
                return await app.requestClose(window)
            })
    }

    /// Runs the loop until `task` ends; its value.
    func wait<T: Sendable>(_ task: Task<T, Never>) -> T {
        nonisolated(unsafe) var result: T?
        Task { @MainActor in result = await task.value }
        waitLoop(until: { result != nil }, timeout: 5)
        return result!
    }
}

@MainActor
private final class MainsBox { var mains: [MainWindow] = [] }

@MainActor
func makeTemporaryFolderForGtk() -> String { TemporaryFolders.make("gtk-windows") }

@MainActor
func windowsTests(_ runner: TestRunner) {
    runner.test("two real windows: each its own stacks; a dialog blocks only its window; closing one mid-flow frees it")
    {
        let f = WindowsFixture()
        var first: WindowCoordinator! = f.app.openWindow()
        var second: WindowCoordinator! = f.app.newWindow()
        waitLoop(until: { f.windows.count == 2 && f.windows.allSatisfy { $0.window.isMapped } })
        try check(f.open(.pet("clover"), in: first), "the link in the first window")
        try check(f.open(.howToCode(.goOut), in: second), "How to code in the second window")
        f.settle()
        try check(f.windows[0].window.title == "Clover", "first window: \(f.windows[0].window.title)")
        try check(f.windows[1].window.title == "I go out", "second window: \(f.windows[1].window.title)")
        try check(f.windows[0].window.group != f.windows[1].window.group, "the windows share a window group")

        // Clinic info in a dialog inside the first window: it blocks that window, not the second.
        (first.tabs.router(for: .clinic).topPage?.model as? PetDetailsModel)?.showClinicInfo()
        waitLoop(until: { f.windows[0].dialogHost.card?.isMapped == true })
        try check(f.windows[0].dialogHost.card?.isInside(f.windows[0].window) == true, "no dialog in the first window")
        try check(f.windows[0].layer.isBlocking && !f.windows[1].layer.isBlocking, "the dialog blocks the wrong window")
        try check(f.windows[1].navigation.backButton.isSensitive, "the second window's Back still works")
        f.windows[1].navigation.backButton.click()
        f.settle()
        try check(f.windows[1].window.title == "I wake up", "Back in the second window: \(f.windows[1].window.title)")
        try check(first.dialogRouter.pages.count == 1, "the first window's dialog stays")

        // The second window closes mid-flow: its flows end, its pages and windows are freed.
        let live = LiveObjects()
        var queue: [any Coordinator] = [second]
        while let next = queue.popLast() {
            live.track(next)
            queue.append(contentsOf: next.children)
        }
        try check(f.close(second) == .closed, "closed")
        f.windows[1].window.destroy()
        f.app.windowDidClose(second)
        second = nil
        f.drop(1)
        f.settle()
        try check(f.app.windows.windows.count == 1, "one window left")
        // The first window's five (three in the clinic tab, Learn, the dialog's): none of the second's.
        try check(f.widgets.alive == 5, "after the second window closed, page widgets alive: \(f.widgets.alive)")
        try check(first.dialogRouter.pages.count == 1 && f.windows[0].window.title == "Clover", "the first stays")
        try check(f.close(first) == .quit, "the last window quits")
        f.windows[0].window.destroy()
        f.app.windowDidClose(first)
        first = nil
        f.drop(0)
        f.settle()
        try check(live.liveCount == 0, "the closed window's coordinators still alive: \(live.liveTypeNames)")
        try check(f.widgets.alive == 0, "page widgets still alive after the last window: \(f.widgets.alive)")
    }
}
