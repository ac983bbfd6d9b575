import Gtk
import GtkNavigation
import Navigation

/// A page model whose view shows a count.
@MainActor
final class CountModel: PageModel {
    let title = "Count"
    var count = 0
    var onChange: (@MainActor () -> Void)?
}

/// A view written the way that leaks: its button's handler captures the model strongly, and
/// the model's `onChange` captures the view, so view, widgets and model keep each other alive
/// after the page left (view -> button -> handler -> model -> onChange -> view). Headless
/// tests build no views: only the GTK hosts see it.
@MainActor
final class CapturingCountView: PageView {
    let widget: Widget
    private let button = Button(label: "Count")
    init(model: CountModel) {
        let box = Box(.vertical)
        box.append(button)
        widget = box
        button.onClicked { model.count += 1 }
        model.onChange = { self.show(model.count) }
    }
    private func show(_ count: Int) { button.tooltip = "\(count)" }
}

/// Waits for the hosts' leak checks and returns what they found, without logging it (these
/// tests leak on purpose).
@MainActor
private func findings(_ body: () throws -> Void) rethrows -> [String] {
    GtkLeakCheck.logsFindings = false
    defer { GtkLeakCheck.logsFindings = true }
    try body()
    waitLoop(until: { !GtkLeakCheck.isPending }, timeout: 5)
    return GtkLeakCheck.takeFindings()
}

@MainActor
func leakCheckTests(_ runner: TestRunner) {
    runner.test("leak check: a view that captures its model strongly is named once its page left") {
        var leaked: CountModel?
        let found = try findings {
            let f = HostFixture(makeView: { page in
                guard let model = page.model as? CountModel else { return TestPageView(page) }
                return CapturingCountView(model: model)
            })
            defer { f.tearDown() }
            f.router.present(.root, model: TitledModel("Root"))
            do {
                let model = CountModel()
                leaked = model
                f.router.present(.a, model: model)
            }
            f.settle()
            f.router.goBack(animated: true)
            f.settle()
            try check(f.router.routes == [.root], "routes \(f.router.routes)")
        }
        defer { leaked?.onChange = nil }  // breaks the cycle made on purpose (valgrind would see it)
        try check(GtkLeakCheck.takeFindings().isEmpty, "takeFindings() forgets what it returned")
        try check(found.contains { $0.hasSuffix("a left, but its CountModel is still alive") }, "found \(found)")
        try check(
            found.contains { $0.hasSuffix("a left, but its CapturingCountView is still alive") }, "found \(found)")
        try check(
            found.contains { $0.hasSuffix("a left, but its CapturingCountView's widget GtkBox is still alive") },
            "found \(found)")
    }

    runner.test("leak check: a page kept for Forward has not left; dropped, its model is checked (stack and dialog)") {
        var kept: [CountModel] = []
        let found = try findings {
            let f = HostFixture()
            defer { f.tearDown() }
            f.router.forwardLimit = 10
            f.dialog.forwardLimit = 10
            f.router.present(.root, model: TitledModel("Root"))
            do {
                let model = CountModel()
                kept.append(model)
                f.router.present(.a, model: model)
                let inDialog = CountModel()
                kept.append(inDialog)
                let first = f.dialog.present(.b, model: inDialog, animated: false, onDismissed: nil)
                f.dialog.setLeaveGuard({ _ in .keep }, for: first)
            }
            f.settle()
            f.dialogHost.cancelButton?.click()  // the guard keeps the dialog's page
            f.navigation.backButton.click()  // the user's Back keeps the page
            f.settle()
            waitLoop(until: { !GtkLeakCheck.isPending }, timeout: 5)
            try check(f.router.forwardPages.count == 1 && f.dialog.forwardPages.count == 1, "nothing kept")
            try check(GtkLeakCheck.takeFindings().isEmpty, "a kept page was checked as if it had left")
            f.router.present(.c, model: TitledModel("C"))  // drops the stack's forward page
            f.dialog.present(.c, model: TitledModel("C"), animated: false, onDismissed: nil)  // the dialog's
            f.settle()
        }
        try check(found.contains { $0.hasSuffix("a left, but its CountModel is still alive") }, "found \(found)")
        try check(found.contains { $0.hasSuffix("b left, but its CountModel is still alive") }, "found \(found)")
        kept = []
    }

    runner.test("leak check: a view kept alive after its page left is named by route and type") {
        var kept: (any PageView)?
        let found = findings {
            let f = HostFixture(makeView: { page in
                let view = TestPageView(page)
                if page.route == .b { kept = view }
                return view
            })
            defer { f.tearDown() }
            f.router.present(.root, model: TitledModel("Root"))
            f.router.present(.b, model: TitledModel("B"))
            f.settle()
            f.router.goBack(animated: false)
            f.settle()
        }
        try check(kept != nil, "no view for B")
        try check(found.contains { $0.hasSuffix("b left, but its TestPageView is still alive") }, "found \(found)")
        kept = nil
    }

    runner.test("leak check: a destroyed window's pages are checked, and what they brought is named") {
        var service: TitledModel? = TitledModel("Service")
        let found = findings {
            let f = HostFixture()
            f.router.present(.root, model: TitledModel("Root"))
            let page = f.router.present(.a, model: TitledModel("A"))
            f.router.register(service!, broughtBy: page)
            f.settle()
            f.tearDown()  // destroys the window with both pages on it
        }
        try check(found.count == 1, "found \(found)")
        try check(found.first?.hasSuffix("a left, but its TitledModel is still alive") == true, "found \(found)")
        service = nil
    }

    runner.test(
        "leak check: a host that goes away checks the pages it still showed; its window's widgets are not leaks"
    ) {
        var service: TitledModel? = TitledModel("Service")
        let window = Window()
        defer { window.destroy() }
        let found = try findings {
            do {
                let host = GtkStackHost<TestRoute>(window: window, makeView: { TestPageView($0) })
                window.child = host.widget
                let router = StackRouter(host: host)
                let page = router.present(.root, model: TitledModel("Root"))
                router.register(service!, broughtBy: page)
                window.present()
                waitLoop(until: { window.isMapped })
            }
            try check(window.child != nil, "the window lost its page")
        }
        try check(found.count == 1, "found \(found)")
        try check(found.first?.hasSuffix("root left, but its TitledModel is still alive") == true, "found \(found)")
        service = nil
    }

    runner.test(
        "leak check: a page's widget held after its page left is named only if still alive when its window is destroyed"
    ) {
        for keptPastWindow in [false, true] {
            var widget: Widget?
            let found = findings {
                let f = HostFixture(makeView: { page in
                    let view = TestPageView(page)
                    if page.route == .b { widget = view.widget }
                    return view
                })
                f.router.present(.root, model: TitledModel("Root"))
                f.router.present(.b, model: TitledModel("B"))
                f.settle()
                f.router.goBack(animated: false)
                f.settle()
                waitLoop(until: { !GtkLeakCheck.isPending }, timeout: 5)
                if !keptPastWindow { widget = nil }  // GTK let go of it while the window was open
                f.tearDown()
            }
            let named = found.filter { $0.hasSuffix("b left, but its TestPageView's widget GtkBox is still alive") }
            try check(
                named.count == (keptPastWindow ? 1 : 0), "kept past the window: \(keptPastWindow), found \(found)")
            try check(found.count == named.count, "found \(found)")
            try check(!keptPastWindow || widget != nil, "no widget for B")
            widget = nil
        }
    }

    runner.test("leak check: a dialog's view kept alive after its page left is named too") {
        var kept: (any PageView)?
        let found = findings {
            let f = HostFixture()
            defer { f.tearDown() }
            f.router.present(.root, model: TitledModel("Root"))
            f.dialogHost.onViewCreated = { kept = $0 }
            f.dialog.present(.c, model: TitledModel("C"))
            f.settle()
            f.dialog.dismiss(animated: false)
            f.settle()
        }
        try check(kept != nil, "no view for C")
        try check(found.contains { $0.hasSuffix("c left, but its TestPageView is still alive") }, "found \(found)")
        kept = nil
    }
}
