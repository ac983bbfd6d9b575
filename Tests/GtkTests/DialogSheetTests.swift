import Glibc
import Gtk
import GtkNavigation
import GtkTesting
import Navigation

/// The dialog inside its window: floating or a bottom sheet by the window's width, a swipe
/// down on the sheet that the leave guards decide, and the focus kept inside.
/// A finger on the sheet's header moving down in steps to `dy` pixels, as GTK's drag gesture
/// reports it; with `release`, then lifted there. Returns how far the sheet followed it at the
/// last step.
@MainActor
@discardableResult
private func swipeDown(_ f: HostFixture, to dy: Double, release: Bool = true) throws -> Double {
    guard let drag = f.dialogHost.swipeDownGesture else { throw Failure(description: "no sheet to swipe") }
    drag.emit("drag-begin", 100, 10)
    for step in 1...5 { drag.emit("drag-update", 0, dy * Double(step) / 5) }
    let followed = f.dialogHost.swipeOffset
    if release { drag.emit("drag-end", 0, dy) }
    return followed
}

@MainActor
func dialogSheetTests(_ runner: TestRunner) {
    runner.test(
        "a narrow window's dialog is a bottom sheet as wide as it, with a handle; widened, it floats in the middle, its text and caret untouched"
    ) {
        let f = HostFixture(dialogView: { EntryPageView($0, button: false) })
        defer { f.tearDown() }
        f.dialogHost.dialogSize = (300, 200)
        f.dialog.present(.a, model: TitledModel("A"))
        f.settle()
        guard let card = f.dialogHost.card, let entry = f.dialogHost.shownView?.initialFocus as? Entry else {
            throw Failure(description: "no dialog with a field")
        }
        entry.text = "Rex and Clover"
        entry.setCaret(anchor: 3, cursor: 3)
        waitLoop(until: { card.allocatedWidth > 0 })  // laid out on the next frame
        let width = f.layer.widget.allocatedWidth
        try check(width < f.layer.sheetWidth && f.dialogHost.isSheet, "a \(width) px window's dialog is not a sheet")
        try check(card.allocatedWidth == width, "the sheet is \(card.allocatedWidth) px in a \(width) px window")
        try check(f.dialogHost.handle?.isVisible == true, "the sheet has no handle")
        try check(f.dialogHost.closeButton?.isVisible == false, "the sheet shows the close button beside its handle")
        let windowHeight = f.layer.widget.allocatedHeight
        try check(card.bounds(in: f.layer.widget)?.maxY == windowHeight, "the sheet is not at the bottom")

        f.window.setDefaultSize(width: 800, height: 500)
        try check(
            waitLoop(until: { !f.dialogHost.isSheet && card.allocatedWidth < f.layer.widget.allocatedWidth }),
            "never floated")
        f.settle()
        guard let frame = card.bounds(in: f.layer.widget) else { throw Failure(description: "no bounds") }
        let middle = Double(f.layer.widget.allocatedWidth) / 2
        try check(
            abs(frame.midX - middle) <= 1, "the floating dialog is not in the middle: \(frame) in \(middle * 2) px")
        try check(
            f.dialogHost.handle?.isVisible == false && f.dialogHost.closeButton?.isVisible == true, "handle/close")
        try check(f.dialogHost.card === card, "the resize made a new dialog")
        try check(
            entry.text == "Rex and Clover" && entry.caret.map { $0 == (3, 3) } == true,
            "text \(entry.text), caret \(String(describing: entry.caret))")
        try check(f.window.focusIsInside(card), "the resize took the focus out of the dialog")
    }

    runner.testAsync("a swipe down on the sheet: with no guard it closes; a short one springs back") {
        let f = HostFixture()
        defer { f.tearDown() }
        f.dialogHost.dialogSize = (300, 240)  // a short swipe is under a third of it
        f.dialog.present(.a, model: TitledModel("A"))
        f.settle()
        try check(f.dialogHost.isSheet, "not a sheet")
        try check(waitLoop(until: { (f.dialogHost.card?.allocatedHeight ?? 0) > 0 }), "the sheet was never laid out")
        let followed = try swipeDown(f, to: 30)  // short
        try check(followed == 30, "the sheet did not follow the finger: \(followed) px of 30")
        await f.settleAsync()
        try check(f.dialog.isOpen && f.dialogHost.card != nil, "a short swipe closed the sheet")
        try check(f.dialogHost.swipeOffset == 0, "the sheet did not spring back")
        try check(try swipeDown(f, to: 5) == 0, "a 5 px move (a tap) moved the sheet")
        try swipeDown(f, to: 250)
        await f.settleAsync()
        try check(!f.dialog.isOpen && f.dialogHost.card == nil, "a long swipe left the sheet open")
    }

    runner.testAsync("two fingers on a touchpad swipe the sheet down as a finger does; sideways, they do not") {
        let f = HostFixture()
        defer { f.tearDown() }
        f.dialogHost.dialogSize = (300, 240)
        f.dialog.present(.a, model: TitledModel("A"))
        f.settle()
        guard let scroll = f.dialogHost.swipeDownScroll else { throw Failure(description: "no sheet") }
        // Sideways first: not a swipe, the sheet stays where it is.
        scroll.emit("scroll-begin")
        try check(!scroll.emit("scroll", -20, 2, returnsBool: true), "a sideways scroll was taken")
        try check(f.dialogHost.swipeOffset == 0, "a sideways scroll moved the sheet")
        scroll.emit("scroll-end")
        // Down (natural scrolling: the fingers move against the deltas), then lifted early.
        scroll.emit("scroll-begin")
        for _ in 1...3 { _ = scroll.emit("scroll", 0, -10, returnsBool: true) }
        try check(f.dialogHost.swipeOffset == 30, "the sheet did not follow the fingers: \(f.dialogHost.swipeOffset)")
        scroll.emit("scroll-end")
        await f.settleAsync()
        try check(f.dialog.isOpen && f.dialogHost.swipeOffset == 0, "a short swipe closed the sheet, or it stayed down")
        scroll.emit("scroll-begin")
        for _ in 1...10 { _ = scroll.emit("scroll", 0, -25, returnsBool: true) }
        scroll.emit("scroll-end")
        await f.settleAsync()
        try check(!f.dialog.isOpen, "a long two-finger swipe left the sheet open")
    }

    runner.testAsync(
        "a swipe down on the sheet with a guard that asks: its question first; Keep editing springs it back"
    ) {
        let f = HostFixture()
        defer { f.tearDown() }
        var asked = 0
        var answer: CheckedContinuation<Bool, Never>?
        let first = f.dialog.present(.a, model: TitledModel("A"))
        f.dialog.setLeaveGuard(
            { _ in
                .ask {
                    asked += 1
                    return await withCheckedContinuation { answer = $0 }
                }
            }, for: first)
        f.settle()
        try check(try swipeDown(f, to: 250) == 250, "the sheet did not follow the finger")
        try await turns(until: { answer != nil }, seconds: 5)
        try check(asked == 1 && f.dialogHost.card != nil, "the sheet went before its question (asked \(asked))")
        try check(f.dialogHost.swipeOffset == 0, "the sheet is not back while the question is asked")
        answer?.resume(returning: false)  // Keep editing
        await f.settleAsync()
        try check(f.dialog.isOpen && f.dialogHost.card != nil, "Keep editing closed the sheet")
        try check(f.dialogHost.swipeOffset == 0, "the sheet did not spring back")
    }

    runner.testAsync("a swipe down on the sheet with a guard that keeps: it closes, and Forward brings the pages back")
    {
        let f = HostFixture()
        defer { f.tearDown() }
        f.dialog.forwardLimit = 10
        let first = f.dialog.present(.a, model: TitledModel("A"))
        f.dialog.present(.b, model: TitledModel("B"))
        f.dialog.setLeaveGuard({ _ in .keep }, for: first)
        f.settle()
        try swipeDown(f, to: 250)
        await f.settleAsync()
        try check(!f.dialog.isOpen && f.dialog.forwardPages.count == 2, "not closed and kept: \(f.dialog.forwardPages)")
        guard let next = f.dialog.forwardPages.last else { throw Failure(description: "nothing kept") }
        f.dialog.goForward(to: next.id, animated: false)
        await f.settleAsync()
        try check(f.dialog.routes == [.a, .b] && f.dialogHost.shownTitle == "B", "Forward brought \(f.dialog.routes)")
    }

    runner.test("Tab goes round the dialog only; closing it brings the focus, and the caret, back to the opener") {
        if getenv("DISPLAY") == nil {
            log("skip the typed Tab: Wayland gives a client no way to type")
            return
        }
        let f = HostFixture(makeView: { EntryPageView($0, button: false) })
        defer { f.tearDown() }
        f.router.present(.a, model: TitledModel("A"))
        f.settle()
        guard let opener = f.stackHost.shownView?.initialFocus as? Entry else { throw Failure(description: "no field") }
        opener.text = "Clover"
        _ = opener.grabFocus()
        opener.setCaret(anchor: 2, cursor: 2)
        f.dialog.present(.b, model: TitledModel("B"))
        f.settle()
        guard let card = f.dialogHost.card else { throw Failure(description: "no dialog") }
        try check(waitLoop(until: { f.window.focusIsInside(card) }), "the focus did not move into the dialog")
        // Each Tab moves the focus to the dialog's next control (the handle, Cancel, the page's
        // button, and round again), never out of it.
        let controls: [(String, Widget?)] = [
            ("handle", f.dialogHost.handle), ("Cancel", f.dialogHost.cancelButton),
            ("the page's button", f.dialogHost.shownView?.initialFocus),
        ]
        @MainActor func focused() -> String {
            controls.first { $0.1?.hasFocus == true }?.0 ?? f.window.focusDescription
        }
        var visited: [String] = [focused()]
        for press in 1...7 {
            let before = focused()
            try GtkTestDriver.press("Tab", in: f.window)
            try check(waitLoop(until: { focused() != before }), "Tab \(press) did not move the focus from \(before)")
            try check(f.window.focusIsInside(card), "Tab \(press) took the focus out of the dialog")
            visited.append(focused())
        }
        try check(
            Set(visited) == Set(controls.map(\.0)) && visited[0] == visited[3] && visited[1] == visited[4],
            "Tab went \(visited)")
        // Shift+Tab goes the same way back.
        var back: [String] = [focused()]
        for press in 1...3 {
            let before = focused()
            try GtkTestDriver.press("<Shift>Tab", in: f.window)
            try check(waitLoop(until: { focused() != before }), "Shift+Tab \(press) did not move the focus")
            try check(f.window.focusIsInside(card), "Shift+Tab \(press) took the focus out of the dialog")
            back.append(focused())
        }
        try check(back == Array(visited.suffix(4).reversed()), "Shift+Tab went \(back) after Tab went \(visited)")
        f.dialog.dismiss(animated: false)
        f.settle()
        try check(
            waitLoop(until: { opener.containsFocus }),
            "the focus did not come back to the opener: \(f.window.focusDescription)")
        try check(
            opener.caret.map { $0 == (2, 2) } == true, "the caret came back at \(String(describing: opener.caret))")
    }
}

/// What the window's keys do while a card covers its content.
@MainActor
func modalLayerKeyTests(_ runner: TestRunner) {
    runner.test(
        "a card over the window: its toast's Ctrl+Z and a page's Ctrl+F, typed, do nothing; Ctrl+W closes the card, not the window"
    ) {
        if getenv("DISPLAY") == nil {
            log("skip the typed keys: Wayland gives a client no way to type")
            return
        }
        MainQueueBridge.install()
        let window = Window()
        defer { window.destroy() }
        let undo = ActionName(group: "toast", name: "undo", accelerator: "<Control>z")
        let search = SearchEntry(placeholder: "Search")
        let page = Box(.vertical)
        let opener = Button(label: "Opener")
        page.append(opener)
        page.append(search)
        search.addFocusShortcut(on: page)
        let toast = ToastOverlay(child: page, shortcut: undo)
        let header = HeaderBar()
        let closeWindow = NavigationAction.close
        let navigation = BackNavigation(window: window)
        header.packStart(navigation.backButton)
        let layer = ModalLayer(window: window, header: header, content: toast)
        var closeRequests = 0
        window.onCloseRequest {
            closeRequests += 1
            return true
        }
        window.setDefaultSize(width: 480, height: 320)
        window.present()
        waitLoop(until: { toast.allocatedWidth > 0 }, timeout: 5)
        var undone = 0
        toast.show("Rex deleted", actionTitle: "Undo", timeout: 120) { undone += 1 }
        let card = Box.card(role: .dialog)
        let inside = Button(label: "Inside")
        card.append(inside)
        var cardCloses = 0
        layer.show(card, close: { cardCloses += 1 })
        _ = inside.grabFocus()
        waitLoop(until: { inside.hasFocus })
        try GtkTestDriver.press("<Control>z", in: window)
        try GtkTestDriver.press("<Control>f", in: window)
        waitLoop(until: { !MainLoop.iterate() }, timeout: 1)
        try check(undone == 0 && toast.isShowing, "Ctrl+Z reached the toast under the card")
        try check(!search.containsFocus && window.focusIsInside(card), "Ctrl+F took the focus under the card")
        try GtkTestDriver.press(closeWindow.accelerator ?? "<Control>w", in: window)
        try check(waitLoop(until: { cardCloses == 1 }), "Ctrl+W did not close the card")
        try check(closeRequests == 0, "Ctrl+W asked the window to close")
        layer.remove(card)
        _ = opener.grabFocus()  // as the card's owner gives the focus back
        waitLoop(until: { !MainLoop.iterate() }, timeout: 1)
        try GtkTestDriver.press("<Control>z", in: window)
        try check(waitLoop(until: { undone == 1 }), "with the card gone, Ctrl+Z did not reach the toast")
    }
}
