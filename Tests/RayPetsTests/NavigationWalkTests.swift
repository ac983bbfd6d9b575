import Navigation
import NavigationTesting
import RayPets
import RayPetsTesting
import Testing

/// Drives the in-memory app: each action reaches the same intent or host callback that the
/// GTK button, key or gesture would.
@MainActor
final class InMemoryDriver: AppDriver {
    let harness: AppHarness
    init(_ harness: AppHarness) { self.harness = harness }
    var app: WindowCoordinator { harness.app }
    var dialogRouter: DialogRouter<AppRoute> { harness.dialogRouter }

    struct NoSuchControl: Error, CustomStringConvertible { let description: String }

    func perform(_ action: UserAction) async throws {
        let host = harness.activeHost
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
            if harness.dialogHost.isOpen {
                if harness.dialogHost.showsBackButton { harness.dialogHost.tapBack() }
            } else if let host = harness.tabHost.selectedHost {
                // Alt+Left works while there is a page to go back to. The button: split, the
                // header bar's hides and the content's (the same action) shows beside a pet.
                if action == .altLeft ? host.pages.count > 1 : host.showsBackButton {
                    host.tapBack()
                } else if action == .back && host.showsContentBack {
                    host.tapContentBack()
                }
            }
        case .cancel, .escape:
            harness.dialogHost.tapCancel()
        case .closeDialog:
            harness.dialogHost.tapClose()
        case .switchTab(let tab):
            harness.tabHost.tapTab(tab)
        case .resize(let width):
            harness.tabHost.resize(to: width)
        case .chooseInSidebar(let pet):
            guard let panes = harness.clinicHost.presentation.panes,
                let list = panes.sidebar.model as? PetListViewModel,
                let index = list.list.index(of: pet)
            else { throw NoSuchControl(description: "no sidebar row for \(pet)") }
            list.select(at: index)
        case .sidebarBack:
            guard harness.clinicHost.showsSidebarBack else { throw NoSuchControl(description: "no sidebar Back") }
            harness.clinicHost.tapSidebarBack()
        case .swipeBack(let committed):
            // Committed: past the threshold (a touchpad now and then); else let go short.
            let host = harness.dialogHost.isOpen ? harness.dialogHost : harness.tabHost.selectedHost
            host?.swipeBack(committed ? 0.7 : 0.2, touchpad: committed && host?.pages.count ?? 0 > 2)
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
        "100,000 random user actions, resizing across 720 px, match the reference model at every step; every flow ends freed",
        arguments: seeds)
    func longWalk(seed: UInt64) async throws {
        let harness = AppHarness()
        let driver = InMemoryDriver(harness)
        let counts = try await NavigationWalk(seed: seed, steps: 25_000, widths: [400, 719, 720, 1200])
            .run(driver, pets: ClinicDatabase.samplePets) { harness.track() }
        #expect(counts.count >= 8, "the walk must exercise every kind of action: \(counts)")
        for split in ["resize", "sidebar row", "sidebar Back"] {
            #expect(counts[split, default: 0] > 100, "the walk must exercise the split view: \(counts)")
        }
        for guarded in ["type", "answer discard", "answer keepEditing", "exit while asking"] {
            #expect(counts[guarded, default: 0] > 10, "the walk must exercise the leave guards: \(counts)")
        }
        #expect(harness.liveBeyondRoots == 0, "still alive: \(harness.live.liveTypeNames)")
        #expect(harness.live.trackedCount > 1_000, "the walk must create and free many objects")
    }

    @Test("the same seed walks the same way")
    func reproducible() async throws {
        var histories: [[String: Int]] = []
        for _ in 0..<2 {
            let harness = AppHarness()
            histories.append(
                try await NavigationWalk(seed: 42, steps: 500)
                    .run(InMemoryDriver(harness), pets: ClinicDatabase.samplePets))
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
        #expect(model.question?.exit == .cancel, "a second exit joins the open question")
        model.apply(.answer(.keepEditing))
        #expect(model.dialog == [.petPicker, .visitType(pet: "rex"), .painLevel(pet: "rex")] && model.question == nil)
        model.apply(.escape)
        model.apply(.answer(.discard))
        #expect(model.dialog.isEmpty)
    }
}
