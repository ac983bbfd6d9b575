import Gtk
import GtkNavigation
import Navigation
import RayPets
import RayPetsUI

/// A place in the app, and how a fresh window gets there (through the pages' models, as the
/// pages' own controls would).
struct Place {
    let name: String
    let go: @MainActor (AppFixture) -> Void
}

/// Presses that change nothing a person can see, on purpose, and why. Besides these, a tab
/// switcher's button for the tab already shown keeps that tab (`PressableButton.isShownTabsButton`),
/// and the window's own minimize, maximize and close buttons are not pressed: they ask the
/// window manager.
private let documentedNoOps: [String: String] = [
    "the editor of a new pet → New pet: Add pet":
        "beside the list, a new pet's editor is already open: Add pet keeps it and what was typed in it"
]

/// No dead controls: on every page of the app, at a window width, every button a person could
/// press (mapped, sensitive) is pressed — each on a freshly opened window — and must change
/// something a person can see: a page, a dialog, a toast, a label, a text, a toggle.
@MainActor
func deadControlTests(_ runner: TestRunner) {
    for width in [360, 720, 1200] {
        runner.test("no dead controls at \(width) px: every button on every page does something") {
            try checkNoDeadControls(at: width, places: mainWindowPlaces)
        }
    }
    runner.test("no dead controls in the dialog: every button on every dialog page does something") {
        try checkNoDeadControls(at: 720, places: dialogPlaces)
    }
}

/// Presses each control of each place on a fresh window `width` px wide.
@MainActor
private func checkNoDeadControls(at width: Int, places: [Place]) throws {
    MainQueueBridge.install()
    MainLoop.setAnimationsEnabled(false)
    defer { MainLoop.setAnimationsEnabled(true) }
    var dead: [String] = []
    var pressed = 0
    for place in places {
        let names = try open(place, width: width) { _ in VisibleControls.buttons().map(\.name) }
        for (index, name) in names.enumerated() {
            let changed = try open(place, width: width) { fixture -> Bool in
                let buttons = VisibleControls.buttons()
                try check(
                    buttons.map(\.name) == names,
                    "\(place.name): the buttons differ between two openings: \(names) then \(buttons.map(\.name))")
                if buttons[index].isShownTabsButton { return true }  // a documented no-op
                let before = fingerprint(fixture)
                buttons[index].press()
                fixture.settle()
                return fingerprint(fixture) != before
            }
            pressed += 1
            if !changed && documentedNoOps["\(place.name) → \(name)"] == nil { dead.append("\(place.name) → \(name)") }
        }
    }
    log("  \(width) px: \(pressed) presses on \(places.count) places")
    try check(dead.isEmpty, "controls that do nothing visible at \(width) px:\n    " + dead.joined(separator: "\n    "))
}

/// Opens a fresh app window `width` px wide (narrower than the tab bar's breakpoint: shrunk to
/// it as a drag would), runs `prepare`, goes to `place`, runs `body`, and closes the window.
@MainActor
func open<T>(
    _ place: Place, width: Int, prepare: (AppFixture) -> Void = { _ in }, _ body: (AppFixture) throws -> T
) throws -> T {
    let fixture = AppFixture(firstLaunch: place.name == "Welcome", width: width)
    defer {
        VisibleControls.closePopovers()
        fixture.settle()
        fixture.tearDown()
    }
    if width < fixture.window.tabHost.compactWidth {
        // As a drag would: a jump straight to a phone's width is held at the wide layout's minimum.
        _ = try shrink(fixture, through: [500, width])
    }
    fixture.settle()
    prepare(fixture)
    place.go(fixture)
    fixture.settle()
    return try body(fixture)
}

/// What a person sees, and where navigation is.
@MainActor
private func fingerprint(_ fixture: AppFixture) -> String {
    let stacks = AppTab.allCases.map { "\(fixture.tabs.router(for: $0).routes)" } + ["\(fixture.dialog.routes)"]
    return stacks.joined(separator: " | ") + "\n" + VisibleControls.fingerprint()
}

// MARK: The places

@MainActor
func clinic(_ f: AppFixture) -> StackRouter<AppRoute> { f.tabs.router(for: .clinic) }

@MainActor
func top<Model>(_ router: any Router<AppRoute>, _ type: Model.Type) -> Model? {
    router.topPage?.model as? Model
}

@MainActor
func model<Model>(_ router: any Router<AppRoute>, _ type: Model.Type) -> Model? {
    router.pages.lazy.compactMap { $0.model as? Model }.last
}

@MainActor
func myPets(_ f: AppFixture) {
    top(clinic(f), HomeModel.self)?.showPets()
    f.settle()
}

@MainActor
func petDetails(_ f: AppFixture) {
    myPets(f)
    model(clinic(f), PetListModel.self)?.select(at: 0)
    f.settle()
}

/// A finished appointment request for the first pet, so its page has a history row.
@MainActor
private func withRecord(_ f: AppFixture) {
    schedule(f, answers: ["0", "well"])
    top(f.dialog, MessageModel.self)?.performAction()
    waitFor(f) { f.dialog.pages.isEmpty }
}

/// Runs the loop until `condition` holds (a child's result lands a few turns later).
@MainActor
private func waitFor(_ f: AppFixture, _ condition: () -> Bool) {
    waitLoop(until: condition, timeout: 5)
    f.settle()
}

@MainActor
private func schedule(_ f: AppFixture, answers: [String]) {
    top(clinic(f), HomeModel.self)?.scheduleAppointment()
    f.settle()
    for answer in answers {
        let depth = f.dialog.pages.count
        defer { waitFor(f) { f.dialog.pages.count > depth } }
        switch f.dialog.topPage?.model {
        case let list as PetListModel: list.select(at: Int(answer) ?? 0)
        case let choice as TypedChoiceModel<VisitType>: _ = choice.select(option: answer)
        case let choice as TypedChoiceModel<PainLevel>: _ = choice.select(option: answer)
        case let choice as TypedChoiceModel<FakingAnswer>: _ = choice.select(option: answer)
        default: break
        }
    }
}

@MainActor
let mainWindowPlaces: [Place] = [
    Place(name: "Welcome") { _ in },
    Place(name: "Home") { _ in },
    Place(name: "My pets", go: myPets),
    Place(name: "a pet's page", go: petDetails),
    Place(name: "a pet's page with an appointment request") { f in
        withRecord(f)
        petDetails(f)
    },
    Place(name: "an appointment request's page") { f in
        withRecord(f)
        petDetails(f)
        model(clinic(f), PetDetailsModel.self)?.openRecord(at: 0)
    },
    Place(name: "a pet's vaccinations") { f in
        petDetails(f)
        model(clinic(f), PetDetailsModel.self)?.showVaccinations()
    },
    Place(name: "the editor of a pet") { f in
        petDetails(f)
        model(clinic(f), PetDetailsModel.self)?.edit()
    },
    Place(name: "the editor of a new pet") { f in
        myPets(f)
        model(clinic(f), PetListModel.self)?.add()
    },
    Place(name: "Clinic info") { f in top(clinic(f), HomeModel.self)?.showClinicInfo() },
    Place(name: "Opening hours") { f in
        top(clinic(f), HomeModel.self)?.showClinicInfo()
        f.settle()
        top(clinic(f), MessageModel.self)?.performAction()
    },
    Place(name: "Learn") { f in f.tabs.select(.learn) },
    Place(name: "How to code, step 2") { f in
        f.tabs.select(.learn)
        for _ in 0..<2 {
            f.settle()
            top(f.tabs.router(for: .learn), MessageModel.self)?.performAction()
        }
    },
    Place(name: "Start over") { f in
        f.tabs.select(.learn)
        for _ in 0..<5 {
            f.settle()
            top(f.tabs.router(for: .learn), MessageModel.self)?.performAction()
        }
    },
]

@MainActor
let dialogPlaces: [Place] = [
    Place(name: "Which pet?") { f in schedule(f, answers: []) },
    Place(name: "Visit type") { f in schedule(f, answers: ["0"]) },
    Place(name: "Pain level") { f in schedule(f, answers: ["0", "sick"]) },
    Place(name: "Faking it?") { f in schedule(f, answers: ["0", "sick", "a-little"]) },
    Place(name: "No appointment required") { f in schedule(f, answers: ["0", "well"]) },
    Place(name: "a new pet's editor in the dialog") { f in
        schedule(f, answers: [])
        model(f.dialog, PetListModel.self)?.add()
    },
    Place(name: "Clinic info in a dialog") { f in
        petDetails(f)
        model(clinic(f), PetDetailsModel.self)?.showClinicInfo()
    },
]
