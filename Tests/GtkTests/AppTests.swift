import Glibc
import Gtk
import GtkNavigation
import GtkTesting
import Navigation
import RayPets
import RayPetsTesting
import RayPetsUI

/// The real main window with the app's coordinators, settings in a fresh folder.
@MainActor
final class AppFixture {
    let window = MainWindow(application: nil)
    let widgets = FinalizationCounter()
    let tabs: TabRouter<AppTab, AppRoute>
    let dialog: ModalRouter<AppRoute>
    let app: WindowCoordinator
    private let windowEnd: WindowEnd

    /// With `demoPets`, that many made-up pets after the four sample ones. With `width`, the
    /// window opens that wide (and 700 px high), as a window whose size was kept does; a width
    /// below the tab bar's breakpoint is not opened at but reached by `shrink`, as a drag does.
    init(firstLaunch: Bool, demoPets: Int = 0, width: Int? = nil) {
        // The app awaits child flows' results: their continuations need the bridge, also when a
        // filter skipped the tests that install it first.
        MainQueueBridge.install()
        let database = ClinicDatabase.inMemory()
        if demoPets > 0 { _ = try? database.addDemoPets(count: demoPets) }
        let settings = SettingsStore(path: TemporaryFolders.make("gtk-test") + "/settings")
        if !firstLaunch { settings.completeWelcome() }
        tabs = TabRouter(tabs: AppTab.allCases, host: window.tabHost)
        dialog = ModalRouter(host: window.dialogHost)
        app = WindowCoordinator(
            window: window, welcomeRouter: StackRouter(host: window.welcomeHost), tabs: tabs,
            dialogRouter: dialog,
            services: ClinicServices(
                data: ClinicData(store: database), settings: settings, feedback: window,
                questions: Questions(router: ModalRouter(host: window.alertHost))))
        for tab in AppTab.allCases {
            window.tabHost.pageHost(for: tab).onViewCreated = { [widgets] in widgets.watch($0.widget) }
        }
        window.welcomeHost.onViewCreated = { [widgets] in widgets.watch($0.widget) }
        windowEnd = WindowEnd(window.window)
        if let width, width >= window.tabHost.compactWidth {
            window.window.setDefaultSize(width: Int32(width), height: 700)
        }
        app.start()
        GtkTestDriver.runUntilShown(window.window, timeout: 5 * timeScale)
    }

    /// Runs the loop until no slide is running in the window (none ends once the window is
    /// gone: no frame comes for it), then until it is idle.
    func settle() {
        waitLoop(until: {
            !window.window.isMapped
                || !window.tabHost.stack.isTransitionRunning
                    && AppTab.allCases.allSatisfy { !window.tabHost.pageHost(for: $0).isTransitionRunning }
        })
        MainLoop.run(until: { !MainLoop.iterate() }, timeout: 1)
    }

    func tearDown() {
        windowEnd.destroy()
        settle()
    }

    /// Drops every page the window keeps for Forward (`WindowCoordinator.dropForward()`), and
    /// lets the loop free their views.
    func dropForward() {
        app.dropForward()
        settle()
    }

    /// The window's close button (`WindowCoordinator.askToClose()`), started now.
    func requestClose() -> Task<Bool, Never> {
        Task.immediate { @MainActor [app] in await app.askToClose() }
    }
}

@MainActor
func appTests(_ runner: TestRunner) {
    runner.test("RayPets' real views: How to code to Start over and back frees every page widget") {
        let f = AppFixture(firstLaunch: false)
        f.tabs.select(.learn)
        f.settle()
        try check(f.window.window.title == "Learn", "title \(f.window.window.title)")
        let learn = f.tabs.router(for: .learn)
        (learn.topPage?.model as? MessageModel)?.performAction()
        for title in ["I wake up", "I go out", "500 lines", "Ship it!", "Start over"] {
            f.settle()
            try check(f.window.window.title == title, "expected \(title), got \(f.window.window.title)")
            try check(f.window.navigation.backButton.isVisible, "no Back on \(title)")
            (learn.topPage?.model as? MessageModel)?.performAction()
        }
        f.settle()
        try check(f.window.window.title == "Learn", "back on Learn expected, got \(f.window.window.title)")
        try check(f.widgets.alive == 2, "page widgets alive: \(f.widgets.alive) (only the two tab roots should be)")
        f.tearDown()
        try check(f.widgets.alive == 0, "root page widgets not freed with the window")
    }

    runner.test("tabs: each keeps its own stack, Back and the title follow the visible tab") {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        let clinic = f.tabs.router(for: .clinic)
        (clinic.topPage?.model as? HomeModel)?.showPets()
        f.settle()
        try check(f.window.window.title == "My pets", "title \(f.window.window.title)")
        try check(f.window.navigation.backButton.isVisible, "Back hidden on My pets")
        f.tabs.select(.learn)
        f.settle()
        try check(f.window.tabHost.stack.visibleChildName == "tab-1", "Learn tab not shown")
        try check(f.window.window.title == "Learn", "title \(f.window.window.title)")
        try check(!f.window.navigation.backButton.isVisible, "Back shown on Learn's root")
        f.window.navigation.backButton.click()
        try check(clinic.routes == [.home, .pets], "Back on Learn changed Clinic: \(clinic.routes)")
        f.tabs.select(.clinic)
        f.settle()
        try check(f.window.window.title == "My pets", "Clinic's stack lost: \(f.window.window.title)")
        f.window.navigation.backButton.click()
        f.settle()
        try check(clinic.routes == [.home], "Back did not act on Clinic: \(clinic.routes)")
        try check(f.window.window.title == "RayPets", "title \(f.window.window.title)")
    }

    runner.test(
        "a pet's Vaccinations: its button opens its species' schedule with the next dates; Back gives the button the focus again"
    ) {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        _ = try f.app.services.data.update("rex", with: PetDraft(name: "Rex", species: .dog, age: "2024-01-10"))
        petDetails(f)  // Rex's page
        guard let button = VisibleControls.buttons().first(where: { $0.name.hasSuffix(": " + L("Vaccinations")) })
        else {
            throw Failure(description: "no Vaccinations button on Rex's page")
        }
        try check(button.focus(), "Vaccinations did not take the focus")
        button.press()
        f.settle()
        try check(clinic(f).routes == [.home, .pets, .petDetail("rex"), .vaccinations("rex")], "\(clinic(f).routes)")
        let title = L("Vaccinations for {pet}", ["pet": "Rex"])
        try check(f.window.window.title == title, "title \(f.window.window.title)")
        let born = SimpleDate(year: 2024, month: 1, day: 10)!
        let next = Vaccination.usual(for: .dog)[2].nextDate(born: born, today: .today())!
        let shown = VisibleControls.fingerprint()
        let wanted = [
            "label: " + L("Distemper, hepatitis, parvovirus"), "label: " + L("Rabies"),
            L("Next on this schedule: {date}", ["date": next.description]),
        ]
        for text in wanted { try check(shown.contains(text), "not shown: \(text)\n\(shown)") }
        f.window.window.activateAction(NavigationAction.back)
        f.settle()
        try check(clinic(f).routes.last == .petDetail("rex"), "Back: \(clinic(f).routes)")
        try check(button.isFocus, "after Back the focus is on \(VisibleControls.focusedText() ?? "nothing")")
    }

    runner.test("the tab switcher is in the header bar and switching with it updates the router") {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        try check(f.window.tabHost.switcher.isMapped, "switcher not shown")
        f.window.tabHost.stack.setVisibleChild(name: "tab-1", transition: .none)  // what a switcher click does
        try check(f.tabs.selectedTab == .learn, "router did not follow the switcher")
        try check(f.window.window.title == "Learn", "title \(f.window.window.title)")
    }

    runner.test("first launch: Welcome, then Get started leads to the tabs and frees the welcome page") {
        let f = AppFixture(firstLaunch: true)
        defer { f.tearDown() }
        try check(f.window.section == .welcome, "not on the welcome page")
        try check(f.window.window.title == "Welcome to RayPets", "title \(f.window.window.title)")
        try check(!f.window.tabHost.switcher.isMapped, "tab switcher shown on the welcome page")
        let welcome = f.window.welcomeHost
        try check(welcome.viewCount == 1, "welcome views \(welcome.viewCount)")
        // Pressed without keeping the flow or the page's model: once the page has left, they
        // must go (the host warns about whatever is still alive a moment later).
        do {
            guard let welcomeFlow = f.app.children.first as? WelcomeCoordinator,
                let model = welcomeFlow.router.pages.first?.model as? MessageModel
            else {
                throw Failure(description: "no welcome page model")
            }
            model.performAction()
        }
        try check(waitLoop(until: { f.window.section == .tabs }, timeout: 2), "tabs not shown after Get started")
        f.settle()
        try check(f.window.window.title == "RayPets", "title \(f.window.window.title)")
        try check(f.window.tabHost.switcher.isMapped, "switcher not shown on the tabs")
        try check(welcome.viewCount == 0, "welcome page view not freed")
        try check(f.app.services.settings.hasCompletedWelcome, "welcome flag not set")
    }

    runner.test("the pets list: a row per pet with an accessible name; activating a row opens that pet") {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        var lists: [ListView] = []
        f.window.tabHost.pageHost(for: .clinic).onViewCreated = { view in
            lists += findListViews(in: view.widget)
        }
        defer { lists = [] }  // before the teardown: a widget held past its window is a leak
        (f.tabs.router(for: .clinic).topPage?.model as? HomeModel)?.showPets()
        f.settle()
        guard let list = lists.first else { throw Failure(description: "no list on My pets") }
        try check(list.count == 4, "rows \(list.count)")
        let titles = list.rowsShown.map { findWidgets(Label.self, in: $0.row.widget).first?.text ?? "" }
        try check(titles == ["Rex", "Whiskers", "Clover", "Bubbles"], "rows show \(titles)")
        list.activateItem(at: 2)
        f.settle()
        try check(f.window.window.title == "Clover", "title \(f.window.window.title)")
        try check(f.tabs.router(for: .clinic).routes == [.home, .pets, .petDetail("clover")], "routes")
    }

    runner.test("My pets with 64-character names fits a phone's width: the rows end in … instead of widening it") {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        let data = f.app.services.data
        for (id, name) in [
            ("rex", "Sir Bartholomew Fluffington-Whiskerton the Third of Catsbury Hall"),
            ("whiskers", String(repeating: "Supercalifragilistic", count: 4)),
        ] {
            guard var draft = data.pet(id: id).map(PetDraft.init) else { throw Failure(description: "no \(id)") }
            draft.name = String(name.prefix(PetRules.maxNameLength))
            try data.update(id, with: draft)
        }
        (f.tabs.router(for: .clinic).topPage?.model as? HomeModel)?.showPets()
        f.settle()
        // The page's widget is looked up, not kept: one held past the window's end is a leak.
        guard let page = f.window.tabHost.selectedHost?.shownView?.widget, let list = findListViews(in: page).first
        else { throw Failure(description: "no list on My pets") }
        try check(list.rowsShown.count >= 2, "rows shown: \(list.rowsShown.count)")
        // A window at a phone's width (360 px) leaves the page 360 px less the window's frame.
        try check(page.minimumWidth <= 340, "My pets needs \(page.minimumWidth) px")
    }

    runner.test("My pets with 10,004 pets follows a rename and a delete in place: focus, selection and scroll stay") {
        let f = AppFixture(firstLaunch: false, demoPets: 10_000)
        defer { f.tearDown() }
        var lists: [ListView] = []
        var scrolls: [ScrolledWindow] = []
        f.window.tabHost.pageHost(for: .clinic).onViewCreated = { view in
            lists += findListViews(in: view.widget)
            scrolls += findWidgets(ScrolledWindow.self, in: view.widget)
        }
        // Let go of My pets' widgets before the window goes (this runs before the teardown, and
        // after the locals below are gone): the leak check names a page's widget still alive
        // once its window is destroyed, and under valgrind its check came while they were held.
        defer {
            lists = []
            scrolls = []
        }
        (f.tabs.router(for: .clinic).topPage?.model as? HomeModel)?.showPets()
        f.settle()
        guard let list = lists.first, let scrolled = scrolls.last,
            let model = f.tabs.router(for: .clinic).topPage?.model as? PetListModel
        else { throw Failure(description: "no list on My pets") }
        try check(list.count == 10_004, "rows \(list.count)")
        try check(list.rowsMade < 400, "rows made for 10,004 pets: \(list.rowsMade)")
        try check(list.focusRow(at: 5_000), "row 5,000 not focused")
        f.settle()
        let data = f.app.services.data
        guard let focusedPet = model.row(at: 5_000), let shownPet = model.row(at: 5_001) else {
            throw Failure(description: "rows 5,000 and 5,001 not read")
        }
        model.showing(shownPet.id)  // as when its page is open beside the list
        try check(list.selectedIndex == 5_001, "selected \(String(describing: list.selectedIndex))")
        let offset = scrolled.verticalOffset
        let made = list.rowsMade
        guard var draft = data.pet(id: focusedPet.id).map(PetDraft.init) else { throw Failure(description: "no pet") }
        draft.name = "Renamed In Place"
        try data.update(focusedPet.id, with: draft)
        f.settle()
        let texts = { (index: Int) in
            list.rowsShown.first { $0.index == index }.flatMap {
                findWidgets(Label.self, in: $0.row.widget).first?.text
            }
        }
        try check(texts(5_000) == "Renamed In Place", "row 5,000 shows \(texts(5_000) ?? "nothing")")
        try check(list.focusedIndex == 5_000, "focus after the rename: \(String(describing: list.focusedIndex))")
        try check(list.selectedIndex == 5_001, "selection after the rename: \(String(describing: list.selectedIndex))")
        try check(scrolled.verticalOffset == offset, "scrolled from \(offset) to \(scrolled.verticalOffset)")
        // GTK gives the replaced item a new row at most; the others are not made again.
        try check(list.rowsMade - made <= 1, "rows made again: \(list.rowsMade - made)")
        // A pet above deleted: the rows below move up one, the focus and selection with them.
        guard let above = model.row(at: 10) else { throw Failure(description: "no row 10") }
        try data.delete(above.id)
        f.settle()
        try check(list.count == 10_003, "rows after the delete: \(list.count)")
        try check(list.focusedIndex == 4_999, "focus after a delete above: \(String(describing: list.focusedIndex))")
        try check(
            list.selectedIndex == 5_000, "selection after a delete above: \(String(describing: list.selectedIndex))")
        try check(texts(4_999) == "Renamed In Place", "row 4,999 shows \(texts(4_999) ?? "nothing")")
    }

    let changes: [(String, @MainActor (ClinicData) throws -> Void)] = [
        ("added", { try $0.add(PetDraft(name: "Zed")) }),
        (
            "renamed",
            { data in
                let first = try data.allPets()[0]
                var draft = PetDraft(first)
                draft.name = "Zed"
                try data.update(first.id, with: draft)
            }
        ),
        ("deleted", { try $0.delete(try $0.allPets()[1].id) }),
    ]
    for (name, change) in changes {
        // My pets rebuilds its rows under the editor; its old first row must not stay its focus
        // target, or the editor keeps the focus and is never freed.
        runner.testAsync("a pet \(name) while the editor is open over My pets: Back frees both pages") {
            let f = AppFixture(firstLaunch: false)
            defer { f.tearDown() }
            let driver = GtkDriver(f)
            try await driver.perform(.press("My pets"))
            try await driver.perform(.press("Add pet"))
            try change(f.app.services.data)
            await driver.settle()
            try await driver.perform(.back)
            try check(
                f.window.tabHost.selectedHost?.shownView?.widget.containsFocus == true, "no focus on My pets")
            try await driver.perform(.back)
            f.settle()
            try check(f.widgets.alive == 4, "kept for Forward: \(f.widgets.alive) page widgets alive, not 4")
            f.dropForward()
            try check(f.widgets.alive == 2, "page widgets alive: \(f.widgets.alive) (only the two tab roots should be)")
        }
    }
}

/// The widgets directly inside `widget` in the tree of Swift wrappers (a box's children, a
/// scrolled window's child).
@MainActor
func childWidgets(of widget: Widget) -> [Widget] {
    if let box = widget as? Box { return box.children }
    if let scrolled = widget as? ScrolledWindow { return [scrolled.child] }
    if let grid = widget as? Grid { return grid.children }
    return []
}

/// Every widget of type `T` inside `widget`'s tree of Swift wrappers (`widget` too), in order.
@MainActor
func findWidgets<T: Widget>(_ type: T.Type, in widget: Widget) -> [T] {
    if let found = widget as? T { return [found] }
    return childWidgets(of: widget).flatMap { findWidgets(type, in: $0) }
}

/// The list views inside `widget`'s tree of Swift wrappers.
@MainActor
func findListViews(in widget: Widget) -> [ListView] { findWidgets(ListView.self, in: widget) }
