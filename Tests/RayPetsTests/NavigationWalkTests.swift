import Navigation
import NavigationTesting
import RayPets
import RayPetsTesting
import Testing

/// Drives the in-memory app with its many windows: each action reaches the same intent or host
/// callback that the GTK button, key or gesture would, in the focused window.
@MainActor
final class InMemoryDriver: AppDriver {
    let harness: WindowsHarness
    init(_ harness: WindowsHarness) { self.harness = harness }
    var app: WindowCoordinator { harness.focused }
    var dialogRouter: DialogRouter<AppRoute> { app.dialogRouter as! DialogRouter<AppRoute> }
    var windows: [WindowCoordinator] { harness.app.windows.windows }

    struct NoSuchControl: Error, CustomStringConvertible { let description: String }

    func perform(_ action: UserAction) async throws {
        let window = harness.focusedHosts
        let host = window.activeHost
        switch action {
        case .press(let title):
            switch host.topPage?.model {
            case let model as HomeViewModel where title == model.scheduleTitle: model.scheduleAppointment()
            case let model as HomeViewModel where title == model.petsTitle: model.showPets()
            case let model as HomeViewModel where title == model.clinicInfoTitle: model.showClinicInfo()
            case let model as MessageViewModel where title == model.actionTitle: model.performAction()
            case let model as DetailsViewModel where title == model.actionTitle: model.performAction()
            case let model as PetListViewModel where title == model.addTitle: model.add()
            case let model as PetDetailsViewModel where title == model.editTitle: model.edit()
            case let model as PetDetailsViewModel where title == model.deleteTitle: model.delete()
            case let model as PetDetailsViewModel where title == model.clinicInfoTitle: model.showClinicInfo()
            case let model as PetEditorViewModel where title == model.saveTitle: model.save()
            case let model as any ChoiceModel:
                guard let index = model.optionTitles.firstIndex(of: title) else { fallthrough }
                model.select(at: index)
            default:
                throw NoSuchControl(description: "no button \"\(title)\" on \(String(describing: host.topRoute))")
            }
        case .chooseRow(let index):
            switch host.topPage?.model {
            case let list as PetListViewModel where index < list.count: list.select(at: index)
            case let details as PetDetailsViewModel where details.history.indices.contains(index):
                details.openRecord(at: index)
            default:
                throw NoSuchControl(description: "no row \(index) on \(String(describing: host.topRoute))")
            }
        case .back, .altLeft:
            // As `BackNavigation`: Back is disabled where there is nothing to go back to.
            if window.dialogHost.isOpen {
                if window.dialogHost.showsBackButton { window.dialogHost.tapBack() }
            } else if let host = window.tabHost.selectedHost {
                // Alt+Left works while there is a page to go back to. The button: split, the
                // header bar's hides and the content's (the same action) shows beside a pet.
                if action == .altLeft ? host.pages.count > 1 : host.showsBackButton {
                    host.tapBack()
                } else if action == .back && host.showsContentBack {
                    host.tapContentBack()
                }
            }
        case .cancel, .escape:
            window.dialogHost.tapCancel()
        case .closeDialog:
            window.dialogHost.tapClose()
        case .switchTab(let tab):
            window.tabHost.tapTab(tab)
        case .resize(let width):
            window.tabHost.resize(to: width)
        case .chooseInSidebar(let pet):
            guard let panes = window.clinicHost.presentation.panes,
                let list = panes.sidebar.model as? PetListViewModel,
                let index = list.list.index(of: pet)
            else { throw NoSuchControl(description: "no sidebar row for \(pet)") }
            list.select(at: index)
        case .sidebarBack:
            guard window.clinicHost.showsSidebarBack else { throw NoSuchControl(description: "no sidebar Back") }
            window.clinicHost.tapSidebarBack()
        case .swipeBack(let committed):
            // Committed: past the threshold (a touchpad now and then); else let go short.
            let host = window.dialogHost.isOpen ? window.dialogHost : window.tabHost.selectedHost
            host?.swipeBack(committed ? 0.7 : 0.2, touchpad: committed && host?.pages.count ?? 0 > 2)
        case .openWindow:
            harness.openWindow()
        case .closeWindow:
            harness.close(app)
        case .switchWindow(let index):
            harness.focus(index)
        case .openInNewWindow(let index):
            guard let list = host.topPage?.model as? PetListViewModel, list.opensInNewWindow else {
                throw NoSuchControl(description: "no Open in New Window on \(String(describing: host.topRoute))")
            }
            list.openInNewWindow(at: index)
            await harness.settle()
            harness.adoptNewWindows()
        case .addPet, .renamePet, .deletePet, .typeNote, .answer:
            throw NoSuchControl(description: "\(action) acts on models; the walk does it, not the driver")
        }
        for _ in 0..<3 { await Task.yield() }  // an awaited result resumes on a later main-actor turn
    }

    func settle() async { await Task.yield() }
}

@MainActor
@Suite("Model-based navigation walk (headless)")
struct NavigationWalkTests {
    /// Seeds for the long walk. Each walk prints its seed when it fails.
    nonisolated static let seeds: [UInt64] = [1, 2, 3, 4]

    @Test(
        "100,000 random user actions in up to 3 windows, resizing across 720 px, match the reference model at every step; every flow and closed window ends freed",
        arguments: seeds)
    func longWalk(seed: UInt64) async throws {
        let harness = WindowsHarness()
        let driver = InMemoryDriver(harness)
        var closedAlive: [String] = []
        let counts = try await NavigationWalk(seed: seed, steps: 25_000, widths: [400, 719, 720, 1200], maxWindows: 3)
            .run(driver, pets: ClinicDatabase.samplePets) {
                // What a window closed in an earlier step left alive (its close has settled).
                closedAlive += harness.closedWindowsAlive()
                harness.track()
            }
        closedAlive += await harness.allClosedWindowsAlive()
        print("walk \(seed): \(counts.sorted { $0.key < $1.key })")
        #expect(counts.count >= 8, "the walk must exercise every kind of action: \(counts)")
        for split in ["resize", "sidebar row", "sidebar Back"] {
            #expect(counts[split, default: 0] > 100, "the walk must exercise the split view: \(counts)")
        }
        for guarded in ["type", "answer discard", "answer keepEditing", "exit while asking"] {
            #expect(counts[guarded, default: 0] > 10, "the walk must exercise the leave guards: \(counts)")
        }
        for windows in [
            "new window", "open in new window", "close window", "switch window", "windowClosed", "closeAsked",
            "closeKept",
        ] {
            #expect(counts[windows, default: 0] > 10, "the walk must exercise the windows: \(counts)")
        }
        for rule in ["deleteAsked", "saveRefused"] {
            #expect(counts[rule, default: 0] >= 5, "the walk must exercise the rules between windows: \(counts)")
        }
        #expect(harness.closedCount == counts["windowClosed"], "every window the model closed went")
        #expect(closedAlive.isEmpty, "alive after their window closed: \(closedAlive)")
        #expect(harness.liveBeyondRoots == 0, "still alive: \(harness.live.liveTypeNames)")
        #expect(harness.live.trackedCount > 1_000, "the walk must create and free many objects")
    }

    @Test("the same seed walks the same way")
    func reproducible() async throws {
        var histories: [[String: Int]] = []
        for _ in 0..<2 {
            histories.append(
                try await NavigationWalk(seed: 42, steps: 500, maxWindows: 3)
                    .run(InMemoryDriver(WindowsHarness()), pets: ClinicDatabase.samplePets))
        }
        #expect(histories[0] == histories[1])
    }

    @Test("the model itself: every route offers a way out, and its buttons exist in the app")
    func modelSanity() {
        var model = NavigationModel(pets: ClinicDatabase.samplePets)
        #expect(model.availableActions.contains(.press("My pets")))
        model.apply(.press("Schedule appointment"))
        #expect(model.dialog == [.petPicker])
        #expect(model.availableActions.contains(.cancel))
        model.apply(.chooseRow(0))
        #expect(model.shownRoute == .visitType(pet: "rex"))
        model.apply(.escape)
        #expect(model.question == nil && model.dialog.isEmpty, "the pet alone is one click: leaving does not ask")
        model.apply(.press("Schedule appointment"))
        model.apply(.chooseRow(0))
        model.apply(.press("Sick"))
        #expect(model.shownRoute == .painLevel(pet: "rex"))
        model.apply(.escape)
        #expect(model.question?.subject == .answers, "an answered question: leaving asks")
        #expect(model.availableActions.prefix(2) == [.answer(.keepEditing), .answer(.discard)])
        model.apply(.cancel)
        #expect(model.question?.exit == .user(.cancel), "a second exit joins the open question")
        model.apply(.answer(.keepEditing))
        #expect(model.dialog == [.petPicker, .visitType(pet: "rex"), .painLevel(pet: "rex")] && model.question == nil)
        model.apply(.escape)
        model.apply(.answer(.discard))
        #expect(model.dialog.isEmpty)
    }
}
