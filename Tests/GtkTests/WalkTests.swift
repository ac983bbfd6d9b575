import Glibc
import Gtk
import GtkNavigation
import GtkTesting
import Navigation
import NavigationTesting
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
    /// When set, every page and dialog the walk reaches must fit this width: after each action
    /// the window's and the dialog's minimum width are at most this many pixels.
    var widthLimit: Int?
    /// The widest window or dialog `checkFits` saw: its title and minimum width.
    private(set) var widest = (title: "", width: 0)

    init(_ fixture: AppFixture) {
        self.fixture = fixture
        fixture.window.dialogHost.onViewCreated = { [widgets = fixture.widgets] in widgets.watch($0.widget) }
        fixture.window.dialogHost.onCardCreated = { [dialogs] in dialogs.watch($0) }
    }

    var app: WindowCoordinator { fixture.app }
    var dialogRouter: ModalRouter<AppRoute> { fixture.dialog }
    private var window: MainWindow { fixture.window }

    private var shownView: (any PageView)? {
        window.dialogHost.card != nil ? window.dialogHost.shownView : window.tabHost.selectedHost?.shownView
    }

    func perform(_ action: UserAction) async throws {
        switch action {
        case .press(let title):
            guard let button = shownView.flatMap({ buttons(in: $0.widget) })?.first(where: { $0.label == L(title) })
            else {
                throw Failure(description: "no button \"\(title)\" on the visible page")
            }
            button.click()
        case .chooseRow(let index):
            guard let list = shownView.flatMap({ findListViews(in: $0.widget).first }), index < list.count
            else { throw Failure(description: "no row \(index) on the visible page") }
            list.activateItem(at: index)
        case .back:
            if let back = window.dialogHost.backButton { back.click() } else { window.navigation.backButton.click() }
        case .altLeft:
            if let back = window.dialogHost.backAction { back.activate() } else { window.navigation.goBack() }
        case .altRight:
            // Alt+Right's action, `navigation.forward`, of the dialog while it shows.
            if window.dialogHost.card != nil {
                window.dialogHost.navigation?.goForward()
            } else {
                window.navigation.goForward()
            }
        case .backInHistory(let index):
            // The Back button's menu, as a choice in it reaches the app: its action, with the
            // page's id as the target.
            let navigation = window.dialogHost.navigation ?? window.navigation
            let history = window.dialogHost.card != nil ? window.dialogHost.backHistory : window.tabHost.backHistory
            let ahead =
                window.dialogHost.card != nil ? window.dialogHost.forwardHistory : window.tabHost.forwardHistory
            let pages = history.reversed()
            guard navigation.backButton.isVisible, index < pages.count else {
                throw Failure(description: "no page \(index) in Back's history")
            }
            navigation.showHistory(x: 2, y: 2)
            // The pages below, then (below a separator) the pages ahead.
            guard let menu = navigation.historyMenu, menu.titles == (history + ahead).map(\.title) else {
                throw Failure(description: "Back's history menu: \(navigation.historyMenu?.titles ?? [])")
            }
            menu.close()
            let target = Array(pages)[index].id.description
            guard (window.dialogHost.card ?? window.window).activateAction(NavigationAction.backTo, target: target)
            else {
                throw Failure(description: "no navigation.back-to action")
            }
        case .cancel:
            window.dialogHost.cancelButton?.click()
        case .escape:
            window.dialogHost.cancelAction?.activate()
        case .closeDialog:
            window.dialogHost.closeAction?.activate()
        case .switchTab(let tab):
            window.tabHost.stack.setVisibleChild(name: "tab-\(AppTab.allCases.firstIndex(of: tab)!)", transition: .none)
        case .swipeBack(let committed):
            let swipe = window.dialogHost.swipeBack ?? window.tabHost.selectedHost?.swipeBack
            guard let swipe else { throw Failure(description: "no stack to swipe") }
            await swipeWithTouch(swipe, to: committed ? 0.7 : 0.25)
            if committed, !swipe.lastOutcome.hasPrefix("committed") {
                throw Failure(description: "a swipe past the threshold did not go Back: \(swipe.lastOutcome)")
            }
        case .addPet, .renamePet, .deletePet, .typeNote, .answer:
            throw Failure(description: "\(action) acts on models; the walk does it, not the driver")
        case .resize, .chooseInSidebar, .addInSidebar, .sidebarBack:
            throw Failure(description: "\(action): this walk keeps the window's width (the headless walk resizes)")
        case .openWindow, .closeWindow, .switchWindow, .openInNewWindow:
            throw Failure(description: "\(action): this walk has one window (the headless walk opens more)")
        }
        // Let the outer loop run (never spin it from inside this task: see MainLoop.idle), then
        // wait for the navigation work the action set off on its own schedule, not a count of
        // turns: a child's result (the pet picker's) resumes the flow awaiting it, which shows
        // the next page. Counting turns for it failed once in CI under valgrind and load.
        await MainLoop.idle()
        await NavigationTesting.settle()
        // A slide ends at a frame the compositor asks for. One that never comes (once in CI, on
        // headless weston under load, beside another platform's tests) fails here, saying
        // which stack and window, not at the test's 600 s.
        let slideDeadline = ContinuousClock.now + .seconds(30)
        let framesBefore = waitForAnimations && isSliding ? slidingStacks : ""
        while waitForAnimations && isSliding {
            guard ContinuousClock.now < slideDeadline else {
                throw Failure(
                    description:
                        "still sliding after 30 s (no frame came?): \(slidingStacks); 30 s before: \(framesBefore)")
            }
            await MainLoop.idle()
        }
        if let widthLimit { try checkFits(widthLimit) }
    }

    /// Throws with every accessibility finding (`GtkTestDriver.accessibilityFindings()`): the
    /// walk checks the tree a screen reader reads after every step.
    func checkStep() async throws {
        var findings = GtkTestDriver.accessibilityFindings()
        // GTK maps a row it scrolled to at its next frame (the window's frame clock, which the
        // loop's idle turns can run ahead of): what the step left is judged once that frame has
        // come, as a person sees it. A finding still there after 200 ms is real.
        let first = findings
        for _ in 0..<10 where !findings.isEmpty {
            try? await Task.sleep(for: .milliseconds(20))
            await MainLoop.idle()
            findings = GtkTestDriver.accessibilityFindings()
        }
        if !first.isEmpty && findings.isEmpty { log("  gone by the next frame: \(first.joined(separator: "; "))") }
        guard findings.isEmpty else {
            throw Failure(description: "accessibility: " + findings.joined(separator: "; "))
        }
    }

    /// Throws, naming the page, when the window or the dialog cannot be `limit` pixels wide.
    func checkFits(_ limit: Int) throws {
        // The dialog is inside the window: the window's minimum width counts it too.
        let needs = window.window.minimumWidth
        let title = window.dialogHost.shownTitle ?? window.window.title
        if needs > widest.width { widest = (title, needs) }
        if needs > limit { throw Failure(description: "\"\(title)\" needs \(needs) px, more than \(limit)") }
    }

    /// Lets the loop run, then waits for the navigation work that set off (a leave guard's
    /// question, a request after it): what a test checks next is then there, however loaded
    /// the machine is.
    func settle() async {
        await MainLoop.idle()
        await NavigationTesting.settle()
    }

    /// The stacks still sliding, with their window's state: what a stuck slide waits for.
    private var slidingStacks: String {
        var stacks = AppTab.allCases.map { ("tab \($0)", window.tabHost.pageHost(for: $0).stack, window.window) }
        if let stack = window.dialogHost.stack { stacks.append(("the dialog", stack, window.window)) }
        return stacks.filter { $0.1.isTransitionRunning }.map { name, stack, window in
            "\(name)'s stack (mapped \(stack.isMapped); its window \"\(window.title)\" mapped \(window.isMapped), "
                + "\(window.framesDrawn.map(String.init) ?? "no") frames drawn)"
        }.joined(separator: ", ")
    }

    private var isSliding: Bool {
        AppTab.allCases.contains { window.tabHost.pageHost(for: $0).isTransitionRunning }
            || (window.dialogHost.stack?.isTransitionRunning ?? false)
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
        let steps = walkSteps(default: 2000)
        let counts = try await NavigationWalk(seed: 7, steps: steps).run(driver, pets: ClinicDatabase.samplePets)
        log("  actions: \(counts.sorted { $0.key < $1.key })")
        fixture.dropForward()  // what Back kept for Forward is alive by design: dropped, it must go
        try check(
            fixture.widgets.alive == 2, "page widgets alive after the walk: \(fixture.widgets.alive) (2 tab roots)")
        try check(
            waitLoop(until: { driver.dialogs.alive == 0 }, timeout: 2),
            "dialog cards alive after the walk: \(driver.dialogs.alive)")
        try check(
            fixture.widgets.finalized >= steps / 10,
            "only \(fixture.widgets.finalized) page widgets were made and freed")
    }

    runner.testAsync("shrunk to 360 px as a drag would, every page and dialog of a walk fits") {
        let fixture = AppFixture(firstLaunch: false)
        defer { fixture.tearDown() }
        MainLoop.setAnimationsEnabled(false)
        defer { MainLoop.setAnimationsEnabled(true) }
        let window = fixture.window
        let inside = try shrink(fixture, through: [500, 360])
        try check(window.tabHost.switcherBar.isVisible, "at 360 px the tab switcher should be at the bottom")
        let driver = GtkDriver(fixture)
        driver.widthLimit = inside
        try driver.checkFits(inside)
        let steps = walkSteps(default: 600)
        let counts = try await NavigationWalk(seed: 5, steps: steps).run(driver, pets: ClinicDatabase.samplePets)
        log("  \(steps) steps, actions: \(counts.sorted { $0.key < $1.key })")
        log("  widest page: \"\(driver.widest.title)\", \(driver.widest.width) of \(inside) px")
        try check(
            window.window.allocatedWidth == inside,
            "the window is \(window.window.allocatedWidth) px wide after the walk")
    }

    runner.test("the first-launch welcome page fits 360 px") {
        let fixture = AppFixture(firstLaunch: true)
        defer { fixture.tearDown() }
        try GtkDriver(fixture).checkFits(try shrink(fixture, through: [500, 360]))
    }

    runner.testAsync("300 actions taken while pages are still sliding match the model too") {
        let fixture = AppFixture(firstLaunch: false)
        defer { fixture.tearDown() }
        let driver = GtkDriver(fixture)
        driver.waitForAnimations = false
        try await NavigationWalk(seed: 11, steps: 300).run(driver, pets: ClinicDatabase.samplePets)
        fixture.dropForward()  // what Back kept for Forward is alive by design: dropped, it must go
        // The last page's view can go a few frames after the loop first idles (a pet's page,
        // left by Backs that did not wait for the slides: 20 to 100 ms later, measured): wait
        // for it, up to a second, so what stays alive longer is still found.
        waitLoop(until: { fixture.widgets.alive == 2 }, timeout: 1)
        try check(fixture.widgets.alive == 2, "page widgets alive after the walk: \(fixture.widgets.alive)")
        try check(
            waitLoop(until: { driver.dialogs.alive == 0 }, timeout: 2),
            "dialog cards alive after the walk: \(driver.dialogs.alive)")
    }
}

/// Resizes the main window through `widths` in turn, as a user dragging its edge would, and
/// returns the width its widgets get at the last one: the width less the window's frame, which
/// GTK draws itself here. A request below the window's current minimum is clamped to that
/// minimum, as a drag stops there; below the tab bar's breakpoint the switcher must then have
/// moved to the bottom (the window at its minimum is narrower than `compactWidth`), which lowers
/// the minimum, and the width is asked for again, as the drag goes on. (GTK 4.24 counts the
/// window's 10 px frame in its minimum, 4.8 does not: what counts is the width the window's
/// widgets get.)
@MainActor
func shrink(_ fixture: AppFixture, through widths: [Int]) throws -> Int {
    let window = fixture.window
    let compact = window.tabHost.compactWidth
    waitLoop(until: { window.window.allocatedWidth > 0 }, timeout: 5)
    let frame = window.window.defaultWidth - window.window.allocatedWidth
    func resize(to width: Int) {
        let wasCompact = window.tabHost.switcherBar.isVisible
        window.window.setDefaultSize(width: Int32(width), height: 600)
        // Done when the window has the width, or, asked below the breakpoint, when the switcher
        // has just moved (the window clamped at its minimum gets no narrower before then).
        MainLoop.run(
            until: {
                window.window.allocatedWidth == width - frame
                    || (width < compact && !wasCompact && window.tabHost.switcherBar.isVisible)
            }, timeout: 5)
        fixture.settle()
    }
    for width in widths {
        resize(to: width)
        if width < compact, window.window.allocatedWidth > width - frame {
            try check(
                window.tabHost.switcherBar.isVisible,
                "at its minimum, \(window.window.allocatedWidth) px, the window keeps the tab switcher in the "
                    + "header: a drag could never get below \(compact) px, where the switcher moves to the bottom")
            resize(to: width)
        }
        try check(
            window.window.allocatedWidth == width - frame,
            "asked for \(width) px, the window is \(window.window.allocatedWidth) px and a \(frame) px frame")
    }
    return window.window.allocatedWidth
}

/// The number of steps a walk takes: `WALK_STEPS` from the environment (the valgrind tier
/// shortens the walks with it), else `default`.
func walkSteps(default steps: Int) -> Int {
    getenv("WALK_STEPS").flatMap { Int(String(cString: $0)) } ?? steps
}

/// A touchscreen swipe from the leading edge over `swipe`'s host, through its real gesture's
/// signals: the finger goes down 4 px from the edge and moves `fraction` of the width towards
/// the trailing edge; short of the threshold it is held still before it lifts (no flick).
@MainActor
func swipeWithTouch(_ swipe: SwipeBack, to fraction: Double, rightToLeft: Bool = false) async {
    let drag = swipe.controllers.drag
    // A finger touches what is drawn: a stack just switched to is laid out first, at the next
    // frame — which a compositor under load may take a while to ask for (real time, not turns
    // of the loop).
    for _ in 0..<300 where swipe.root.allocatedWidth == 0 { try? await Task.sleep(for: .milliseconds(10)) }
    let width = Double(swipe.root.allocatedWidth)
    let sign = rightToLeft ? -1.0 : 1.0
    drag.emit("drag-begin", rightToLeft ? width - 4 : 4, 200)
    for step in 1...8 { drag.emit("drag-update", sign * fraction * width * Double(step) / 8, 0) }
    if fraction < 0.5 { try? await Task.sleep(for: .milliseconds(120)) }
    drag.emit("drag-end", sign * fraction * width, 0)
}
