import Gtk
import GtkNavigation
import GtkTesting
import Navigation
import RayPets
import RayPetsUI

/// Swipe back (issue 33) on the real app, through the real controllers' signals (neither Xvfb
/// nor headless weston has a touchpad or a touchscreen): the page follows the fingers, a
/// committed swipe pops exactly one page through the Back path, a short one springs back, a
/// guarded page asks first and keeps everything.
@MainActor
func swipeTests(_ runner: TestRunner) {
    runner.testAsync(
        "swipe back (touchscreen): the page follows the finger and shows where Back lands; short springs back; past half pops one page"
    ) {
        let (f, driver) = try await onPetPage()
        defer { f.tearDown() }
        let clinic = f.tabs.router(for: .clinic)
        let swipe = try unwrapSwipe(f.window.tabHost.selectedHost?.swipeBack)
        let stack = clinic.routes
        let drag = swipe.controllers.drag
        drag.emit("drag-begin", 4, 200)
        for step in 1...4 { drag.emit("drag-update", Double(step) * 30, 0) }
        try check(swipe.isSwiping && swipe.shownShift == 120, "the page is at \(swipe.shownShift), not 120")
        try check(swipe.hintShown == ("My pets", true), "the hint says \(swipe.hintShown)")
        waitLoop(until: { swipe.hintShown.visible }, timeout: 1)
        // The hint, shown, is read as its text: no finding (GTK 4.18's generic box took no label).
        let findings = GtkTestDriver.accessibilityFindings()
        try check(findings.isEmpty, "with the hint shown: \(findings)")
        try await Task.sleep(for: .milliseconds(150))  // held still: no flick
        drag.emit("drag-end", 120, 0)
        await driver.settle()
        try check(clinic.routes == stack, "a short swipe changed the stack: \(clinic.routes)")
        waitLoop(until: { swipe.shownShift == 0 && !swipe.hintShown.visible }, timeout: 2)
        try check(swipe.shownShift == 0 && !swipe.hintShown.visible, "the page did not spring back")

        await swipeWithTouch(swipe, to: 0.7)
        await driver.settle()
        try check(clinic.routes == Array(stack.dropLast()), "a committed swipe: \(clinic.routes), not one page less")
        try check(f.window.window.title == "My pets", "the window shows \(f.window.window.title)")
        try check(swipe.shownShift == 0, "the page that came back is shifted")
        let focused = VisibleControls.focusedText() ?? "nothing"
        try check(focused.hasPrefix("Rex"), "after the swipe the focus is on \(focused), not Rex's row")
    }

    runner.testAsync(
        "swipe back (touchpad): two fingers towards the right pop one page; a wheel's sideways steps do nothing"
    ) {
        let (f, driver) = try await onPetPage()
        defer { f.tearDown() }
        let clinic = f.tabs.router(for: .clinic)
        let swipe = try unwrapSwipe(f.window.tabHost.selectedHost?.swipeBack)
        let stack = clinic.routes
        let scroll = swipe.controllers.scroll
        for _ in 0..<5 { scroll.emit("scroll", -40, 0, returnsBool: true) }  // a wheel: no begin, no end
        await driver.settle()
        try check(clinic.routes == stack && !swipe.isSwiping, "a wheel's steps swiped")
        scroll.emit("scroll-begin")
        for _ in 0..<10 {
            try check(scroll.emit("scroll", -40, 0, returnsBool: true), "the swipe did not take the touchpad's delta")
        }
        try check(swipe.progress > 0.5, "the page is at \(swipe.progress) of the width")
        scroll.emit("scroll-end")
        await driver.settle()
        try check(clinic.routes == Array(stack.dropLast()), "the touchpad swipe: \(clinic.routes)")
    }

    runner.testAsync(
        "swipe back over the editor with changes keeps it, asking nothing; a swipe forward brings back its text and focus"
    ) {
        let (f, driver) = try await onPetPage()
        defer { f.tearDown() }
        try await driver.perform(.press("Edit"))
        let clinic = f.tabs.router(for: .clinic)
        guard let name = f.window.tabHost.selectedHost?.shownView?.initialFocus as? Entry else {
            throw Failure(description: "the editor's first focus is not its name field")
        }
        name.text = "Rexy"
        let stack = clinic.routes
        let swipe = try unwrapSwipe(f.window.tabHost.selectedHost?.swipeBack)
        await swipeWithTouch(swipe, to: 0.8)
        await driver.settle()
        try check(f.window.alertHost.alert == nil, "the swipe asked")
        try check(clinic.routes == Array(stack.dropLast()), "the swipe did not go back: \(clinic.routes)")
        try check(clinic.forwardPages.map(\.route) == [stack.last!], "the editor was not kept")
        waitLoop(until: { swipe.shownShift == 0 && swipe.slidingPictures == 0 }, timeout: 2)
        // A touch from the right edge, past half: the editor comes back as it was.
        let width = Double(swipe.root.allocatedWidth)
        let drag = swipe.controllers.drag
        drag.emit("drag-begin", width - 4, 200)
        for step in 1...8 { drag.emit("drag-update", -width * 0.09 * Double(step), 0) }
        drag.emit("drag-end", -width * 0.72, 0)
        await driver.settle()
        f.settle()
        try check(clinic.routes == stack, "the swipe forward: \(clinic.routes)")
        try check(f.window.tabHost.selectedHost?.shownView?.initialFocus === name, "the editor's page was replaced")
        try check(name.text == "Rexy", "the typed text is gone: \(name.text)")
        try check(name.containsFocus, "the focus did not come back to the name field")
    }

    runner.testAsync(
        "a page taken from under the fingers ends the swipe: Back mid-swipe pops one page, the release none; a tab switch too"
    ) {
        let (f, driver) = try await onPetPage()
        defer { f.tearDown() }
        let clinic = f.tabs.router(for: .clinic)
        let swipe = try unwrapSwipe(f.window.tabHost.selectedHost?.swipeBack)
        let stack = clinic.routes
        let drag = swipe.controllers.drag
        drag.emit("drag-begin", 4, 200)
        for step in 1...4 { drag.emit("drag-update", Double(step) * 30, 0) }
        f.window.window.activateAction(NavigationAction.back)  // Alt+Left while the finger is down
        await driver.settle()
        try check(clinic.routes == Array(stack.dropLast()), "Alt+Left: \(clinic.routes)")
        try check(!swipe.isSwiping && !swipe.hintShown.visible, "the swipe went on after its page left")
        for step in 5...12 { drag.emit("drag-update", Double(step) * 30, 0) }
        drag.emit("drag-end", 360, 0)
        await driver.settle()
        try check(clinic.routes == Array(stack.dropLast()), "the release popped again: \(clinic.routes)")

        try await driver.perform(.chooseRow(0))
        let learn = f.tabs.router(for: .learn)
        try await driver.perform(.switchTab(.learn))
        try await driver.perform(.press("How to code"))
        try await driver.perform(.switchTab(.clinic))
        let swipeOnClinic = try unwrapSwipe(f.window.tabHost.selectedHost?.swipeBack)
        let clinicBefore = clinic.routes
        let learnBefore = learn.routes
        let clinicDrag = swipeOnClinic.controllers.drag
        clinicDrag.emit("drag-begin", 4, 200)
        for step in 1...4 { clinicDrag.emit("drag-update", Double(step) * 30, 0) }
        try await driver.perform(.switchTab(.learn))  // the tab switcher, while the finger is down
        for step in 5...12 { clinicDrag.emit("drag-update", Double(step) * 30, 0) }
        clinicDrag.emit("drag-end", 360, 0)
        await driver.settle()
        try check(
            clinic.routes == clinicBefore && learn.routes == learnBefore,
            "a swipe let go after a tab switch went back: \(clinic.routes), \(learn.routes)")
    }

    runner.testAsync(
        "the touchpad: a sequence that starts vertically is the page's; a silent one is let go after half a second"
    ) {
        let (f, driver) = try await onPetPage()
        defer { f.tearDown() }
        let clinic = f.tabs.router(for: .clinic)
        let swipe = try unwrapSwipe(f.window.tabHost.selectedHost?.swipeBack)
        let stack = clinic.routes
        let scroll = swipe.controllers.scroll
        scroll.emit("scroll-begin")
        try check(!scroll.emit("scroll", 0, 30, returnsBool: true), "a vertical scroll was taken from the page")
        try check(!scroll.emit("scroll", -40, 0, returnsBool: true), "a vertical sequence turned into a swipe")
        scroll.emit("scroll-end")
        try check(!swipe.isSwiping, "a vertical sequence began a swipe")
        scroll.emit("scroll-begin")
        for _ in 0..<3 { scroll.emit("scroll", -40, 0, returnsBool: true) }
        try check(swipe.isSwiping, "a sideways sequence did not begin a swipe")
        try await Task.sleep(for: .milliseconds(900))  // no scroll-end ever comes
        try check(!swipe.isSwiping, "a silent swipe was not let go: \(swipe.lastOutcome)")
        await driver.settle()
        try check(clinic.routes == stack, "a short silent swipe went back: \(clinic.routes)")
        scroll.emit("scroll-end")  // late: nothing to end
    }

    // Seen in CI under valgrind: a window closed while its page sprang back; the animation
    // held the page's view for the rest of its 200 ms, and the leak check found it.
    runner.testAsync("a page that leaves while it springs back is let go at once: Alt+Left, or its window closed") {
        let (f, driver) = try await onPetPage()
        defer { f.tearDown() }
        f.tabs.router(for: .clinic).forwardLimit = 0  // what is tested: the swipe holds no page that left
        let swipe = try unwrapSwipe(f.window.tabHost.selectedHost?.swipeBack)
        guard let watch = f.window.tabHost.selectedHost?.shownView.map({ FinalizationWatch($0.widget) }) else {
            throw Failure(description: "no pet's page")
        }
        await swipeWithTouch(swipe, to: 0.25)
        try check(swipe.shownShift > 0, "Alt+Left: the page is not springing back")
        f.window.window.activateAction(NavigationAction.back)
        try check(swipe.shownShift == 0, "Alt+Left: the page still springs back")
        f.settle()  // the slide (a still picture of the page)
        try check(!watch.isAliveOutsideAnyWindow, "Alt+Left: the page that left is still alive")

        // The window's "destroy" comes when its last reference goes: here, the fixture's.
        var shiftWhenDestroyed: Double?
        let swipeInClosedWindow: SwipeBack
        do {
            let (f, _) = try await onPetPage()
            swipeInClosedWindow = try unwrapSwipe(f.window.tabHost.selectedHost?.swipeBack)
            f.window.window.onDestroy { [weak swipeInClosedWindow] in
                shiftWhenDestroyed = swipeInClosedWindow?.shownShift
            }
            await swipeWithTouch(swipeInClosedWindow, to: 0.25)
            try check(swipeInClosedWindow.shownShift > 0, "the page is not springing back")
            f.tearDown()
        }
        try check(
            shiftWhenDestroyed == 0, "with its window closed the page still springs back: \(shiftWhenDestroyed ?? -1)")
        _ = driver
    }

    runner.testAsync(
        "swipe forward: where Back kept the page, two fingers towards the left bring it back; a touch from the right edge too; with none ahead nothing moves"
    ) {
        let (f, driver) = try await onPetPage()
        defer { f.tearDown() }
        let clinic = f.tabs.router(for: .clinic)
        let swipe = try unwrapSwipe(f.window.tabHost.selectedHost?.swipeBack)
        let scroll = swipe.controllers.scroll
        let drag = swipe.controllers.drag
        // Nothing ahead: two fingers to the left begin a swipe back that stays at 0 (the
        // fingers may still turn right) and change nothing; a touch at the right edge is the page's.
        let before = clinic.routes
        scroll.emit("scroll-begin")
        for _ in 0..<5 { _ = scroll.emit("scroll", 40, 0, returnsBool: true) }
        try check(
            swipe.shownShift == 0 && swipe.hintDirection?.arrow != .forward, "the page moved: \(swipe.shownShift)")
        scroll.emit("scroll-end")
        await driver.settle()
        try check(clinic.routes == before, "a leftwards scroll with nothing ahead changed the stack: \(clinic.routes)")
        let width = Double(swipe.root.allocatedWidth)
        drag.emit("drag-begin", width - 4, 200)
        try check(!swipe.isSwiping, "a touch at the right edge swiped with nothing ahead: \(swipe.lastOutcome)")
        drag.emit("drag-end", 0, 0)

        clinic.forwardLimit = 10
        let stack = clinic.routes
        let rex = clinic.pages.last?.id
        f.window.navigation.goBack()
        await driver.settle()
        try check(clinic.routes == Array(stack.dropLast()) && clinic.forwardPages.first?.id == rex, "Back kept nothing")
        scroll.emit("scroll-begin")
        for _ in 0..<10 {
            try check(scroll.emit("scroll", 40, 0, returnsBool: true), "the swipe did not take the touchpad's delta")
        }
        try check(swipe.shownShift < -width / 2, "the page is at \(swipe.shownShift), not past half to the left")
        try check(
            swipe.hintShown == ("Rex", true) && swipe.hintDirection?.arrow == .forward
                && swipe.hintDirection?.placement == .end,
            "the hint: \(swipe.hintShown), \(String(describing: swipe.hintDirection))")
        scroll.emit("scroll-end")
        await driver.settle()
        try check(clinic.routes == stack && clinic.pages.last?.id == rex, "the touchpad swipe: \(clinic.routes)")
        try check(f.window.window.title == "Rex", "the window shows \(f.window.window.title)")
        waitLoop(until: { swipe.slidingPictures == 0 }, timeout: 2)
        try check(swipe.shownShift == 0, "the page that came is shifted")

        // A touch from the right edge that moves more down than sideways is the page's scroll.
        f.window.navigation.goBack()
        await driver.settle()
        drag.emit("drag-begin", width - 4, 200)
        drag.emit("drag-update", -3, 40)
        try check(!swipe.isSwiping && swipe.shownShift == 0, "a vertical drag at the edge swiped: \(swipe.lastOutcome)")
        drag.emit("drag-end", -3, 40)
        // A touch from the right edge: short springs back, past half brings Rex again.
        drag.emit("drag-begin", width - 4, 200)
        for step in 1...4 { drag.emit("drag-update", -Double(step) * 30, 0) }
        try check(swipe.isSwiping && swipe.shownShift == -120, "the page is at \(swipe.shownShift), not -120")
        try await Task.sleep(for: .milliseconds(150))  // held still: no flick
        drag.emit("drag-end", -120, 0)
        await driver.settle()
        try check(clinic.routes == Array(stack.dropLast()), "a short swipe forward changed the stack: \(clinic.routes)")
        waitLoop(until: { swipe.shownShift == 0 && !swipe.hintShown.visible }, timeout: 2)
        drag.emit("drag-begin", width - 4, 200)
        for step in 1...8 { drag.emit("drag-update", -width * 0.09 * Double(step), 0) }
        drag.emit("drag-end", -width * 0.72, 0)
        await driver.settle()
        try check(clinic.routes == stack && clinic.pages.last?.id == rex, "the touch swipe: \(clinic.routes)")
        try check(swipe.lastOutcome == "committed: the page ahead came", "the swipe: \(swipe.lastOutcome)")
    }

    runner.testAsync("beside a sidebar (1200 px) there is no swipe: the finger is the page's") {
        let (f, driver) = try await onPetPage()
        defer { f.tearDown() }
        f.window.window.setDefaultSize(width: 1200, height: 700)
        waitLoop(until: { f.window.tabHost.selectedHost?.isSplit == true }, timeout: 5)
        await driver.settle()
        try check(f.window.tabHost.selectedHost?.isSplit == true, "the window did not split at 1200 px")
        let clinic = f.tabs.router(for: .clinic)
        let swipe = try unwrapSwipe(f.window.tabHost.selectedHost?.swipeBack)
        let stack = clinic.routes
        await swipeWithTouch(swipe, to: 0.7)
        await driver.settle()
        try check(clinic.routes == stack, "a swipe beside the sidebar went back: \(clinic.routes)")
        try check(swipe.lastOutcome.hasPrefix("refused"), "the swipe was not refused: \(swipe.lastOutcome)")
        // Nor forward, with a page ahead (the content's Back kept it).
        clinic.forwardLimit = 10
        f.window.navigation.goBack()
        await driver.settle()
        let shown = clinic.routes
        try check(!clinic.forwardPages.isEmpty, "the content's Back kept nothing")
        await swipeWithTouch(swipe, to: 0.7, rightToLeft: true)  // from the right edge, leftwards
        await driver.settle()
        try check(clinic.routes == shown, "a swipe beside the sidebar went forward: \(clinic.routes)")
        try check(swipe.lastOutcome.hasPrefix("refused"), "the swipe was not refused: \(swipe.lastOutcome)")
    }

    runner.testAsync("swipe back in the dialog's stack, with animations off: Visit type back to Which pet?") {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        let driver = GtkDriver(f)
        try await driver.perform(.press("Schedule appointment"))
        try await driver.perform(.chooseRow(0))
        let routes = f.dialog.routes
        try check(routes.count == 2, "the dialog shows \(routes)")
        let swipe = try unwrapSwipe(f.window.dialogHost.swipeBack)
        MainLoop.setAnimationsEnabled(false)
        defer { MainLoop.setAnimationsEnabled(true) }
        f.dialog.forwardLimit = 10
        await swipeWithTouch(swipe, to: 0.7)
        await driver.settle()
        try check(f.dialog.routes == [routes[0]], "the dialog's swipe: \(f.dialog.routes)")
        try check(swipe.shownShift == 0, "with animations off the page is left shifted")
        // Forward in the dialog: from its right edge, leftwards, Visit type comes back.
        await swipeWithTouch(swipe, to: 0.7, rightToLeft: true)
        await driver.settle()
        try check(f.dialog.routes == routes, "the dialog's swipe forward: \(f.dialog.routes)")
    }

    runner.testAsync(
        "a touchpad swipe whose first twitch goes the other way goes where the fingers go: Back with nothing ahead, and with a page ahead"
    ) {
        let (f, driver) = try await onPetPage()
        defer { f.tearDown() }
        let clinic = f.tabs.router(for: .clinic)
        clinic.forwardLimit = 0  // first with nothing ahead: Back keeps nothing
        let swipe = try unwrapSwipe(f.window.tabHost.selectedHost?.swipeBack)
        let scroll = swipe.controllers.scroll
        @MainActor func twitchThenBack() async throws {
            scroll.emit("scroll-begin")
            try check(scroll.emit("scroll", 2, 0, returnsBool: true), "the first twitch was not taken")
            for _ in 0..<10 { _ = scroll.emit("scroll", -40, 0, returnsBool: true) }
            try check(swipe.progress > 0.5, "the page is at \(swipe.progress): \(swipe.lastOutcome)")
            scroll.emit("scroll-end")
            await driver.settle()
        }
        let stack = clinic.routes
        try await twitchThenBack()  // nothing ahead: the twitch had nowhere to go
        try check(clinic.routes == Array(stack.dropLast()), "Back after a twitch: \(clinic.routes)")
        clinic.forwardLimit = 10
        clinic.goForward(animated: false)  // Rex was not kept (the limit was 0): nothing to bring
        try await driver.perform(.chooseRow(0))
        try await driver.perform(.press("Edit"))
        f.window.navigation.goBack()
        await driver.settle()
        try check(!clinic.forwardPages.isEmpty, "Back kept nothing")
        let onRex = clinic.routes
        try await twitchThenBack()  // a page ahead: the twitch began Forward, the fingers turned it
        try check(clinic.routes == Array(onRex.dropLast()), "Back after a twitch with a page ahead: \(clinic.routes)")
    }

    runner.testAsync(
        "swipe back mirrors right to left: from the right edge towards the left; the left edge does nothing, or goes Forward where Back kept a page"
    ) {
        Widget.setDefaultDirection(rightToLeft: true)
        defer { Widget.setDefaultDirection(rightToLeft: false) }
        let (f, driver) = try await onPetPage()
        defer { f.tearDown() }
        let clinic = f.tabs.router(for: .clinic)
        let swipe = try unwrapSwipe(f.window.tabHost.selectedHost?.swipeBack)
        let stack = clinic.routes
        clinic.forwardLimit = 10
        await swipeWithTouch(swipe, to: 0.7)  // from the left edge, towards the right
        await driver.settle()
        try check(clinic.routes == stack, "a left-edge swipe went back in a right-to-left layout")
        await swipeWithTouch(swipe, to: 0.7, rightToLeft: true)
        await driver.settle()
        try check(clinic.routes == Array(stack.dropLast()), "the right-to-left swipe: \(clinic.routes)")
        await swipeWithTouch(swipe, to: 0.7)  // from the left edge, towards the right: Forward
        await driver.settle()
        try check(clinic.routes == stack, "the right-to-left swipe forward: \(clinic.routes)")
    }
}

/// The app on Rex's page (Home → My pets → Rex), at its default width (one stack).
@MainActor
private func onPetPage() async throws -> (AppFixture, GtkDriver) {
    let f = AppFixture(firstLaunch: false)
    let driver = GtkDriver(f)
    try await driver.perform(.press("My pets"))
    try await driver.perform(.chooseRow(0))
    return (f, driver)
}

@MainActor
private func unwrapSwipe(_ swipe: SwipeBack?) throws -> SwipeBack {
    guard let swipe else { throw Failure(description: "no swipe on this host") }
    return swipe
}
