import Gtk
import GtkNavigation
import Navigation

@MainActor
func modalHostTests(_ runner: TestRunner) {
    runner.test("the dialog is dialog, transient for the main window and destroyed with it") {
        let f = HostFixture()
        defer { f.tearDown() }
        f.dialog.present(.a, model: TitledModel("A"))
        guard let dialog = f.dialogHost.window else { throw Failure(description: "no dialog window") }
        MainLoop.run(until: { dialog.isMapped })
        try check(dialog.isMapped, "dialog not shown")
        try check(dialog.isModal, "dialog not dialog")
        try check(dialog.transientParent == f.window.gobject, "dialog not transient for the main window")
        try check(dialog.destroysWithParent, "dialog not destroy-with-parent")
        try check(dialog.title == "A", "title \(dialog.title)")
        try check(f.dialogHost.backButton?.isVisible == false, "Back shown on the first page")
        f.dialog.present(.b, model: TitledModel("B"))
        try check(dialog.title == "B", "title \(dialog.title)")
        try check(f.dialogHost.backButton?.isVisible == true, "Back hidden on the second page")
        try check(f.dialogHost.stack?.visibleChildName == f.dialog.pages[1].id.description, "B not visible")
        try check(f.window.title == "", "the main window's title must not follow the dialog")
    }

    runner.test("Cancel destroys the dialog, runs every onDismissed once and frees it all") {
        let f = HostFixture()
        defer { f.tearDown() }
        var dismissed: [String] = []
        f.dialog.present(.a, model: TitledModel("A"), animated: true) { dismissed.append("a") }
        f.dialog.present(.b, model: TitledModel("B"), animated: true) { dismissed.append("b") }
        f.settle()
        f.dialogHost.cancelButton?.click()
        f.settle()
        try check(f.dialogHost.window == nil, "dialog still open")
        try check(dismissed == ["b", "a"], "dismissed \(dismissed)")
        try check(f.dialogs.alive == 0, "dialog window not finalized")
        try check(f.pageWidgets.alive == 0, "page widgets alive: \(f.pageWidgets.alive)")
    }

    runner.test("the window's close button counts as Cancel") {
        let f = HostFixture()
        defer { f.tearDown() }
        var dismissed = 0
        f.dialog.present(.a, model: TitledModel("A"), animated: true) { dismissed += 1 }
        f.dialog.present(.b, model: TitledModel("B"))
        f.settle()
        f.dialogHost.window?.close()  // emits close-request, as the title bar's close button does
        f.settle()
        try check(f.dialogHost.window == nil, "dialog still open")
        try check(!f.dialog.isOpen, "router still presenting")
        try check(dismissed == 1, "root onDismissed ran \(dismissed) times")
        try check(f.dialogs.alive == 0, "dialog window not finalized")
    }

    runner.test("Back inside the dialog pops one page; the dialog can open again after closing") {
        let f = HostFixture()
        defer { f.tearDown() }
        f.dialog.present(.a, model: TitledModel("A"))
        f.dialog.present(.b, model: TitledModel("B"))
        f.settle()
        f.dialogHost.backButton?.click()
        f.settle()
        try check(f.dialog.routes == [.a], "routes \(f.dialog.routes)")
        try check(f.pageWidgets.alive == 1, "popped page not freed: \(f.pageWidgets.alive)")
        f.dialog.dismiss(animated: false)
        f.dialog.present(.c, model: TitledModel("C"))
        try check(f.dialogHost.window?.title == "C", "dialog did not reopen")
        f.settle()
        try check(f.dialogs.alive == 1, "dialogs alive: \(f.dialogs.alive)")
    }

    runner.test("closing the main window with the dialog open ends the dialog's flow") {
        let f = HostFixture()
        var dismissed = 0
        f.dialog.present(.a, model: TitledModel("A"), animated: true) { dismissed += 1 }
        f.settle()
        f.tearDown()
        try check(dismissed == 1, "onDismissed ran \(dismissed) times")
        try check(!f.dialog.isOpen, "router still presenting")
        try check(f.dialogs.alive == 0, "dialog window not finalized")
    }
}
