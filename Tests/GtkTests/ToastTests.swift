import Gtk

/// The toast waits for the person using it (GNOME HIG): its time stops while the pointer is
/// over it or the focus is in it, and Escape in it closes it.
@MainActor
func toastTests(_ runner: TestRunner) {
    /// Also returns when the toast's time started at the latest (before `show`, in µs).
    @MainActor func shownToast(timeout: Double) -> (Window, ToastOverlay, Button, Int) {
        MainQueueBridge.install()  // the toast's time runs in a task on the main actor, as in the app
        let window = Window()
        window.setDefaultSize(width: 480, height: 320)
        let elsewhere = Button(label: "Elsewhere")
        let toast = ToastOverlay(child: elsewhere)
        window.child = toast
        window.present()
        waitLoop(until: { toast.allocatedWidth > 0 }, timeout: 5)
        let started = MainLoop.now
        toast.show("Rex deleted", actionTitle: "Undo", timeout: timeout) {}
        waitLoop(until: { toast.button.allocatedWidth > 0 }, timeout: 5)
        return (window, toast, elsewhere, started)
    }

    runner.test("Toast: its time stops while the pointer is over it and runs on, for what was left, once it goes") {
        let timeout = 1.0
        let (window, toast, _, started) = shownToast(timeout: timeout)
        defer { window.destroy() }
        try check(toast.isShowing, "no toast")
        toast.pointer.emit("enter", 20, 10)
        // At most this much of its time ran before the pointer held it: showing and laying out
        // take a while on a slow machine (a quarter of a second under valgrind).
        let ran = Double(MainLoop.now - started) / 1e6
        try check(toast.isHeld, "the pointer over it does not hold it")
        _ = MainLoop.run(for: 1.2)
        try check(toast.isShowing, "the toast closed under the pointer")
        let left = MainLoop.now
        toast.pointer.emit("leave")
        try check(waitLoop(until: { !toast.isShowing }, timeout: 3), "the toast stayed after the pointer left")
        let after = Double(MainLoop.now - left) / 1e6
        try check(
            after > timeout - ran - 0.01,
            "it closed \(after) s after the pointer left, with \(timeout - ran) s or more of its time left")
    }

    runner.test("Toast: its time stops while the focus is in it (its Undo button); Escape there closes it") {
        let (window, toast, elsewhere, _) = shownToast(timeout: 1.0)
        defer { window.destroy() }
        _ = toast.button.grabFocus()
        waitLoop(until: { toast.isHeld }, timeout: 2)
        try check(toast.isHeld, "the focus on Undo does not hold the toast")
        _ = MainLoop.run(for: 1.0)
        try check(toast.isShowing, "the toast closed with the focus on its button")
        try check(toast.keys.emitKeyPressed(KeyValue.escape), "Escape in the toast was not handled")
        try check(!toast.isShowing, "Escape did not close the toast")
        toast.show("Whiskers deleted", actionTitle: "Undo", timeout: 0.4) {}
        elsewhere.grabFocus()
        try check(waitLoop(until: { !toast.isShowing }, timeout: 3), "a toast without focus or pointer stayed")
    }

    runner.test("Toast: its shortcut presses its button while a toast with one shows, and only then") {
        MainQueueBridge.install()
        let window = Window()
        let undo = ActionName(group: "toast", name: "undo", accelerator: "<Control>z")
        let toast = ToastOverlay(child: Button(label: "Elsewhere"), shortcut: undo)
        window.child = toast
        window.present()
        defer { window.destroy() }
        waitLoop(until: { toast.allocatedWidth > 0 }, timeout: 5)
        try check(toast.button.tooltip == "Ctrl+Z", "the button's tooltip: \(toast.button.tooltip ?? "none")")
        // Disabled, the action does nothing, and its shortcut lets the keys go on (GtkNamedAction).
        var pressed = 0
        toast.activateAction(undo)
        toast.show("Rex deleted", actionTitle: "Undo") { pressed += 1 }
        try check(pressed == 0, "the shortcut's action ran before the toast showed")
        toast.activateAction(undo)
        try check(pressed == 1 && !toast.isShowing, "pressed \(pressed) times; showing: \(toast.isShowing)")
        toast.activateAction(undo)
        try check(pressed == 1, "the shortcut pressed a button that is gone: \(pressed) times")
        toast.show("Saved")  // a toast without a button: nothing to press
        toast.activateAction(undo)
        try check(toast.isShowing, "the shortcut closed a toast without a button")
        try check(pressed == 1, "pressed \(pressed) times")
    }

    runner.test("Toast: Escape with no toast showing is not taken from the page") {
        let (window, toast, _, _) = shownToast(timeout: 5)
        defer { window.destroy() }
        toast.dismiss()
        try check(!toast.keys.emitKeyPressed(KeyValue.escape), "Escape was handled with no toast")
    }
}
