import Gtk
import GtkNavigation
import Navigation
import RayPets
import RayPetsUI

@MainActor
func appTests(_ runner: TestRunner) {
    runner.test("RayPets' real views: How to code to Start over and back frees every page widget") {
        let window = MainWindow(application: nil)
        let widgets = FinalizationCounter()
        window.stackHost.onViewCreated = { widgets.watch($0.widget) }
        let router = StackRouter(host: window.stackHost)
        let modal = ModalRouter(host: window.modalHost)
        let app = AppCoordinator(window: window, router: router, modalRouter: modal)
        app.start()
        MainLoop.run(until: { window.window.isMapped })
        try check(window.window.title == "RayPets", "title \(window.window.title)")
        (router.topPage?.model as? HomeViewModel)?.howToCode()
        for title in ["I wake up", "I go out", "500 lines", "Ship it!", "Start over"] {
            MainLoop.run(until: { !window.stackHost.stack.isTransitionRunning })
            try check(window.window.title == title, "expected \(title), got \(window.window.title)")
            (router.topPage?.model as? MessageViewModel)?.performAction()
        }
        MainLoop.run(until: { !window.stackHost.stack.isTransitionRunning })
        MainLoop.run(until: { !MainLoop.iterate() }, timeout: 1)
        try check(window.window.title == "RayPets", "back on Home expected, got \(window.window.title)")
        try check(widgets.alive == 1, "page widgets alive: \(widgets.alive) (only Home should be)")
        window.window.destroy()
        MainLoop.run(until: { !MainLoop.iterate() }, timeout: 1)
        try check(widgets.alive == 0, "Home's widget not freed with the window")
    }
}
