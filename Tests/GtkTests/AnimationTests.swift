import Gtk
import GtkNavigation
import Navigation

/// `animated` and GTK's `gtk-enable-animations` on the real GTK hosts: a slide runs only when
/// the operation asks for one and the desktop allows animations.
@MainActor
func animationTests(_ runner: TestRunner) {
    /// Each operation on a settled stack of root, a, b (and the same in a dialog).
    let operations: [(name: String, run: @MainActor (any Router<TestRoute>, Bool) -> Void)] = [
        (
            "present",
            { router, animated in router.present(.c, model: TitledModel("C"), animated: animated, onDismissed: nil) }
        ),
        ("goBack", { router, animated in router.goBack(animated: animated) }),
        ("remove(from:)", { router, animated in router.remove(from: router.pages[1].id, animated: animated) }),
        ("popTo", { router, animated in router.popTo(.a, animated: animated) }),
        (
            "replaceTop",
            { router, animated in
                router.replaceTop(with: .c, model: TitledModel("C"), animated: animated, onDismissed: nil)
            }
        ),
        (
            "setStack",
            { router, animated in
                router.setStack(
                    [PageEntry(.root, model: TitledModel("R")), PageEntry(.c, model: TitledModel("C"))],
                    animated: animated)
            }
        ),
    ]

    func run(animated: Bool, desktopAnimations: Bool) throws {
        MainLoop.setAnimationsEnabled(desktopAnimations)
        defer { MainLoop.setAnimationsEnabled(true) }
        for (name, operation) in operations {
            for inDialog in [false, true] {
                let f = HostFixture()
                defer { f.tearDown() }
                let router: any Router<TestRoute> = inDialog ? f.dialog : f.router
                for route in [TestRoute.root, .a, .b] {
                    router.present(route, model: TitledModel("\(route)"), animated: false, onDismissed: nil)
                }
                f.settle()
                guard let stack = inDialog ? f.dialogHost.stack : f.stackHost.stack else {
                    throw Failure(description: "no stack")
                }
                operation(router, animated)
                let where_ = inDialog ? "dialog" : "window"
                let expected = animated && desktopAnimations
                try check(
                    stack.isTransitionRunning == expected,
                    "\(name) in the \(where_), animated: \(animated), gtk-enable-animations: \(desktopAnimations): slide running \(stack.isTransitionRunning)"
                )
                try check(
                    stack.visibleChildName == router.pages.last?.id.description, "\(name): the new top is not visible")
            }
        }
    }

    runner.test("every operation slides when animated, on the window's stack and in a dialog") {
        try run(animated: true, desktopAnimations: true)
    }
    runner.test("animated: false shows every operation at once on the GTK hosts") {
        try run(animated: false, desktopAnimations: true)
    }
    runner.test("gtk-enable-animations off: no operation slides, even when animated") {
        try run(animated: true, desktopAnimations: false)
    }
}
