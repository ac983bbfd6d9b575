import Gtk
import GtkNavigation
import Navigation
import RayPets
import RayPetsUI

/// Focus comes home (issue 33): after Back, the keyboard focus is on the control that opened
/// the page that left; after the dialog closes, on what opened it; after the pet whose row had
/// the focus is deleted, on the nearest row. Every push a button makes in the app, at every
/// width, and the rows of My pets.
@MainActor
func focusReturnTests(_ runner: TestRunner) {
    runner.testAsync("focus comes home in the dialog: Back from Pain level focuses Sick, the answer that opened it") {
        let f = AppFixture(firstLaunch: false)
        defer { f.tearDown() }
        let driver = GtkDriver(f)
        try await driver.perform(.press("Schedule appointment"))
        try await driver.perform(.chooseRow(0))
        guard let sick = VisibleControls.buttons().first(where: { $0.name.hasSuffix(": Sick") }) else {
            throw Failure(description: "no Sick button on Visit type")
        }
        try check(sick.focus(), "Sick did not take the focus")
        sick.press()
        await driver.settle()
        try check(f.dialog.pages.count == 3, "Sick did not open Pain level: \(f.dialog.routes)")
        f.window.dialogHost.backAction?.activate()
        await driver.settle()
        try check(f.dialog.pages.count == 2, "Back did not go back: \(f.dialog.routes)")
        try check(sick.isFocus, "after Back the focus is on \(VisibleControls.focusedText() ?? "nothing"), not Sick")
    }
    for width in [360, 720, 1200] {
        runner.test("focus comes home at \(width) px: Back from every page a button opened focuses that button") {
            try checkFocusReturnsToButtons(at: width)
        }
        runner.test(
            "focus comes home at \(width) px: Back from a pet's page focuses its row; deleting it, the nearest row"
        ) {
            try checkFocusReturnsToRows(at: width)
        }
    }
}

/// Each tab's page count and the dialog's.
@MainActor
private func depths(_ fixture: AppFixture) -> [Int] {
    AppTab.allCases.map { fixture.tabs.router(for: $0).pages.count } + [fixture.dialog.pages.count]
}

/// On every place of the main window, every button that opens a page (or the dialog) is
/// focused and pressed, on a fresh window each; then Back (or the dialog's Cancel) must give
/// that button the focus again.
@MainActor
private func checkFocusReturnsToButtons(at width: Int) throws {
    MainQueueBridge.install()
    MainLoop.setAnimationsEnabled(false)
    defer { MainLoop.setAnimationsEnabled(true) }
    var lost: [String] = []
    var opened = 0
    for place in mainWindowPlaces where place.name != "Welcome" {
        let names = try open(place, width: width) { _ in VisibleControls.buttons().map(\.name) }
        for index in names.indices {
            let problem = try open(place, width: width) { fixture -> String? in
                let buttons = VisibleControls.buttons()
                guard buttons.map(\.name) == names, !buttons[index].isShownTabsButton, buttons[index].focus() else {
                    return nil
                }
                let button = buttons[index]
                let before = depths(fixture)
                button.press()
                fixture.settle()
                let after = depths(fixture)
                if before.last == 0, after.last ?? 0 > 0 {
                    // The dialog opened: its Cancel (Escape) closes it.
                    fixture.window.dialogHost.cancelAction?.activate()
                    fixture.settle()
                    guard fixture.dialog.pages.isEmpty else { return nil }  // it asked: not this test's
                } else if zip(before, after).contains(where: { $1 == $0 + 1 }) {
                    fixture.window.window.activateAction(NavigationAction.back)
                    fixture.settle()
                    guard depths(fixture) == before else { return "\(button.name): Back did not go back" }
                } else {
                    return nil  // not a button that opens a page
                }
                opened += 1
                return button.isFocus
                    ? nil
                    : "\(place.name) → \(button.name): the focus came back to \(VisibleControls.focusedText() ?? "nothing")"
            }
            if let problem { lost.append(problem) }
        }
    }
    log("  \(width) px: \(opened) pages and dialogs opened by a focused button, then left")
    try check(opened >= 8, "only \(opened) buttons opened a page at \(width) px")
    try check(lost.isEmpty, "the focus did not come home at \(width) px:\n    " + lost.joined(separator: "\n    "))
}

/// My pets: the focus on a pet's row, Enter opens its page, Back focuses that row again; Delete
/// on the page of the pet on the second row (or the last) focuses the row now nearest.
@MainActor
private func checkFocusReturnsToRows(at width: Int) throws {
    MainQueueBridge.install()
    MainLoop.setAnimationsEnabled(false)
    defer { MainLoop.setAnimationsEnabled(true) }
    let myPetsPlace = Place(name: "My pets", go: myPets)
    for (row, expected) in [(1, "Whiskers"), (3, "Bubbles")] {
        try open(myPetsPlace, width: width) { fixture in
            let list = try unwrap(model(clinic(fixture), PetListModel.self), "no My pets")
            try check(list.focusRowForTest(row, in: fixture), "row \(row) did not take the focus")
            list.select(at: row)  // what Enter on the focused row does
            fixture.settle()
            try check(clinic(fixture).topPage?.route.pet != nil, "no pet's page")
            fixture.window.window.activateAction(NavigationAction.back)
            fixture.settle()
            let focused = VisibleControls.focusedText() ?? "nothing"
            try check(focused.hasPrefix(expected), "at \(width) px, Back from \(expected)'s page focused \(focused)")
        }
    }
    for (row, nearest) in [(1, "Clover"), (3, "Clover")] {
        try open(myPetsPlace, width: width) { fixture in
            let list = try unwrap(model(clinic(fixture), PetListModel.self), "no My pets")
            try check(list.focusRowForTest(row, in: fixture), "row \(row) did not take the focus")
            list.select(at: row)
            fixture.settle()
            try unwrap(model(clinic(fixture), PetDetailsModel.self), "no pet's page").delete()
            fixture.settle()
            let focused = VisibleControls.focusedText() ?? "nothing"
            try check(
                focused.hasPrefix(nearest), "at \(width) px, deleting row \(row) focused \(focused), not \(nearest)")
        }
    }
}

extension PetListModel {
    /// Puts the focus on `row` as the arrow keys would: through the page's view.
    @MainActor
    fileprivate func focusRowForTest(_ row: Int, in fixture: AppFixture) -> Bool {
        guard let id = clinic(fixture).pages.first(where: { $0.model === self })?.id,
            let view = fixture.window.tabHost.pageHost(for: .clinic).view(for: id), let pet = rowID(at: row)
        else { return false }
        // The list focuses the row of the pet opened last: make it this row's pet.
        showing(pet)
        showing(nil)
        return view.focusInitially()
            && VisibleControls.focusedText()?.hasPrefix(self.row(at: row)?.title ?? "?") == true
    }
}

@MainActor
private func unwrap<T>(_ value: T?, _ message: String) throws -> T {
    guard let value else { throw Failure(description: message) }
    return value
}
