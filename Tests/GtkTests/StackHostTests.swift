import Gtk
import GtkNavigation
import Navigation

@MainActor
func stackHostTests(_ runner: TestRunner) {
    runner.test("push and pop change the visible child, the title and the Back button") {
        let f = HostFixture()
        defer { f.tearDown() }
        let root = f.router.present(.root, model: TitledModel("Root"))
        try check(f.stackHost.stack.visibleChildName == root.description, "root not visible")
        try check(!f.navigation.backButton.isVisible, "Back shown on the root page")
        try check(f.window.title == "Root", "title \(f.window.title)")
        let a = f.router.present(.a, model: TitledModel("A"))
        try check(f.stackHost.stack.visibleChildName == a.description, "A not visible")
        try check(f.stackHost.stack.isTransitionRunning, "push did not animate")
        try check(f.navigation.backButton.isVisible, "Back hidden with a page to go back to")
        try check(f.window.title == "A", "title \(f.window.title)")
        f.settle()
        f.router.goBack(animated: true)
        try check(f.stackHost.stack.visibleChildName == root.description, "root not visible after Back")
        try check(!f.navigation.backButton.isVisible, "Back still shown on the root page")
        try check(f.window.title == "Root", "title \(f.window.title)")
    }

    runner.test("a popped page stays during the slide, then is removed from the stack and finalized") {
        let f = HostFixture()
        defer { f.tearDown() }
        f.router.present(.root, model: TitledModel("Root"))
        f.router.present(.a, model: TitledModel("A"))
        f.router.present(.b, model: TitledModel("B"))
        f.settle()
        try check(f.pageWidgets.alive == 3, "alive \(f.pageWidgets.alive)")
        f.router.goBack(animated: true)
        try check(f.stackHost.stack.childNames.count == 3, "page removed before its slide ended")
        f.settle()
        try check(f.stackHost.stack.childNames.count == 2, "children after slide: \(f.stackHost.stack.childNames)")
        try check(f.pageWidgets.alive == 2, "popped page widget not finalized: alive \(f.pageWidgets.alive)")
        f.router.dismiss(animated: false)
        try check(f.stackHost.stack.childNames.count == 1, "children: \(f.stackHost.stack.childNames)")
        f.settle()
        try check(f.pageWidgets.alive == 1, "alive \(f.pageWidgets.alive)")
        try check(f.stackHost.viewCount == 1, "views \(f.stackHost.viewCount)")
    }

    runner.test("a popped page with the focus in an entry is freed when the page below lost its main control") {
        weak var root: EntryPageView?  // the host holds it: the test must not (the leak check)
        let f = HostFixture(makeView: { page in
            let view = EntryPageView(page, button: page.route == .root)
            if page.route == .root { root = view }
            return view
        })
        defer { f.tearDown() }
        f.router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: nil)
        f.settle()
        try check(root?.initialFocus?.containsFocus == true, "the root page's button has no focus")
        f.router.present(.a, model: TitledModel("A"), animated: false, onDismissed: nil)
        f.settle()
        try check(f.stackHost.shownView?.initialFocus?.containsFocus == true, "the entry on A has no focus")
        root?.removeMainControl()
        f.router.goBack(animated: false)
        f.settle()
        try check(f.pageWidgets.alive == 1, "the popped page is still alive: \(f.pageWidgets.alive) page widgets")
        try check(f.stackHost.shownView?.widget.containsFocus == true, "the focus is not on the root page")
    }

    runner.test("the header bar's Back button pops through the router, once per click") {
        let f = HostFixture()
        defer { f.tearDown() }
        var dismissed = 0
        f.router.present(.root, model: TitledModel("Root"))
        f.router.present(.a, model: TitledModel("A"), animated: true) { dismissed += 1 }
        f.router.present(.b, model: TitledModel("B"))
        f.settle()
        f.navigation.backButton.click()
        f.settle()
        try check(f.router.routes == [.root, .a], "routes \(f.router.routes)")
        f.navigation.backButton.click()
        f.settle()
        try check(f.router.routes == [.root], "routes \(f.router.routes)")
        try check(dismissed == 1, "onDismissed ran \(dismissed) times")
        try check(!f.navigation.backButton.isVisible, "Back still visible")
    }

    runner.test("the new page's main button gets keyboard focus") {
        let f = HostFixture()
        defer { f.tearDown() }
        f.router.present(.root, model: TitledModel("Root"))
        f.router.present(.a, model: TitledModel("A"))
        f.settle()
        let view = f.stackHost.stack.child(named: f.router.pages[1].id.description)
        try check(view != nil, "no widget for A")
        try check(f.window.focusedWidget != nil, "nothing focused")
    }

    runner.test("destroying the main window dismisses every page and frees every widget") {
        let f = HostFixture()
        var dismissed: [String] = []
        f.router.present(.root, model: TitledModel("Root"), animated: false) { dismissed.append("root") }
        f.router.present(.a, model: TitledModel("A"), animated: true) { dismissed.append("a") }
        f.settle()
        f.tearDown()
        try check(dismissed == ["a", "root"], "dismissed \(dismissed)")
        try check(f.pageWidgets.alive == 0, "alive \(f.pageWidgets.alive)")
    }
}
