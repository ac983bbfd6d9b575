import Gtk
import GtkNavigation
import Navigation
import RayPets

/// Misuse and bad timing: each must leave no crash, no GTK warning (scripts/test fails on
/// any in this binary's output), and routers, what is shown and widgets in agreement.
@MainActor
func faultTests(_ runner: TestRunner) {
    runner.test("dismiss during a slide: the stack ends on the root and the sliding pages are freed") {
        let f = HostFixture()
        defer { f.tearDown() }
        var dismissed = 0
        f.router.present(.root, model: TitledModel("Root"))
        f.router.present(.a, model: TitledModel("A"), animated: true) { dismissed += 1 }
        f.settle()
        f.router.present(.b, model: TitledModel("B"))
        try check(f.stackHost.stack.isTransitionRunning, "no slide to interrupt")
        f.router.dismiss(animated: true)
        f.router.dismiss(animated: true)  // and again, mid-slide
        f.settle()
        try check(f.router.routes == [.root], "routes \(f.router.routes)")
        try check(f.stackHost.stack.visibleChildName == f.router.pages[0].id.description, "root not visible")
        try check(dismissed == 1, "onDismissed ran \(dismissed) times")
        try check(f.pageWidgets.alive == 1, "page widgets alive: \(f.pageWidgets.alive)")
    }

    runner.test("present while the dialog is closing opens a fresh dialog; the old one is freed") {
        let f = HostFixture()
        defer { f.tearDown() }
        var dismissed: [String] = []
        f.dialog.present(.a, model: TitledModel("A"), animated: true) { dismissed.append("a") }
        f.dialog.present(.b, model: TitledModel("B"), animated: true) { dismissed.append("b") }
        f.settle()
        // Counted, not compared: the card is not kept here (that would keep it alive), and a
        // new card's wrapper can take a freed one's address (seen on Debian testing).
        let made = f.dialogs.alive + f.dialogs.finalized
        f.dialog.dismiss(animated: true)
        f.dialog.present(.c, model: TitledModel("C"), animated: true) { dismissed.append("c") }
        try check(f.dialogs.alive + f.dialogs.finalized == made + 1 && f.dialogHost.card != nil, "no fresh dialog")
        f.settle()
        try check(f.dialog.routes == [.c], "routes \(f.dialog.routes)")
        try check(dismissed == ["b", "a"], "dismissed \(dismissed)")
        try check(f.cardsFreed(leaving: 1), "dialogs alive \(f.dialogs.alive): the closed one must be freed")
        try check(f.dialogHost.shownTitle == "C", "title \(f.dialogHost.shownTitle ?? "none")")
    }

    runner.test("a double click on Next pushes one page (real button, no settling in between)") {
        let fixture = AppFixture(firstLaunch: false)
        defer { fixture.tearDown() }
        let learn = fixture.tabs.router(for: .learn)
        fixture.tabs.select(.learn)
        (learn.topPage?.model as? MessageModel)?.performAction()
        fixture.settle()
        guard let view = fixture.window.tabHost.pageHost(for: .learn).shownView,
            let next = firstButton(in: view.widget)
        else { throw Failure(description: "no Next button") }
        next.click()
        next.click()
        fixture.settle()
        try check(learn.routes == [.learn, .howToCode(.wakeUp), .howToCode(.goOut)], "routes \(learn.routes)")
    }

    runner.test("Back on a root page does nothing") {
        let f = HostFixture()
        defer { f.tearDown() }
        f.router.present(.root, model: TitledModel("Root"))
        f.navigation.goBack()
        f.router.goBack(animated: true)
        f.settle()
        try check(f.router.routes == [.root], "routes \(f.router.routes)")
        try check(f.pageWidgets.alive == 1, "page widgets alive: \(f.pageWidgets.alive)")
    }

    runner.test("closing the main window mid-flow with the dialog open ends every flow and frees everything") {
        let fixture = AppFixture(firstLaunch: false)
        (fixture.tabs.router(for: .clinic).topPage?.model as? HomeModel)?.showPets()
        (fixture.tabs.router(for: .clinic).topPage?.model as? PetListModel)?.select(at: 0)
        (fixture.tabs.router(for: .clinic).topPage?.model as? PetDetailsModel)?.showClinicInfo()
        fixture.settle()
        try check(fixture.dialog.routes == [.clinicInfo], "dialog not open: \(fixture.dialog.routes)")
        fixture.tearDown()
        try check(fixture.dialog.routes.isEmpty, "dialog routes left: \(fixture.dialog.routes)")
        try check(AppTab.allCases.allSatisfy { fixture.tabs.router(for: $0).pages.isEmpty }, "tab pages left")
        try check(fixture.app.children.allSatisfy { $0.children.isEmpty }, "flows left running")
        try check(fixture.widgets.alive == 0, "page widgets alive: \(fixture.widgets.alive)")
    }
}

@MainActor
private func firstButton(in widget: Widget) -> Button? { findWidgets(Button.self, in: widget).first }
