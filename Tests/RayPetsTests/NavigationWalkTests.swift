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
    var dialogRouter: ModalRouter<AppRoute> { app.dialogRouter as! ModalRouter<AppRoute> }
    var windows: [WindowCoordinator] { harness.app.windows.windows }

    struct NoSuchControl: Error, CustomStringConvertible { let description: String }

    func perform(_ action: UserAction) async throws {
        let window = harness.focusedHosts
        let host = window.activeHost
        switch action {
        case .press(let title):
            switch host.topPage?.model {
            case let model as HomeModel where title == model.scheduleTitle: model.scheduleAppointment()
            case let model as HomeModel where title == model.petsTitle: model.showPets()
            case let model as HomeModel where title == model.clinicInfoTitle: model.showClinicInfo()
            case let model as MessageModel where title == model.actionTitle: model.performAction()
            case let model as DetailsModel where title == model.actionTitle: model.performAction()
            case let model as PetListModel where title == model.addTitle: model.add()
            case let model as PetDetailsModel where model.actions.contains(where: { $0.title == title }):
                model.actions.first { $0.title == title }!.intent(model)
            case let model as PetEditorModel where title == model.saveTitle: model.save()
            case let model as any ChoiceModel:
                guard let index = model.optionTitles.firstIndex(of: title) else { fallthrough }
                model.select(at: index)
            default:
                throw NoSuchControl(description: "no button \"\(title)\" on \(String(describing: host.topRoute))")
            }
        case .chooseRow(let index):
            switch host.topPage?.model {
            case let list as PetListModel where index < list.count: list.select(at: index)
            case let details as PetDetailsModel where details.history.indices.contains(index):
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
        case .altRight:
            // As `BackNavigation`: Forward is disabled where no page is kept ahead.
            let host = window.dialogHost.isOpen ? window.dialogHost : window.tabHost.selectedHost
            if let host, !host.forwardPages.isEmpty { host.tapForward() }
        case .backInHistory(let index):
            // The Back button's menu: where the button shows (the dialog's, or the window's
            // while not split), the pages below the top one.
            let host = window.dialogHost.isOpen ? window.dialogHost : window.tabHost.selectedHost
            guard let host, host.showsBackButton, index < host.pages.count - 1,
                host.backHistory.contains(where: { $0.id == host.pages[index].id })
            else { throw NoSuchControl(description: "no page \(index) in Back's history") }
            host.chooseInBackHistory(host.pages[index].id)
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
                let list = panes.sidebar.model as? PetListModel,
                let index = list.list.index(of: pet)
            else { throw NoSuchControl(description: "no sidebar row for \(pet)") }
            list.select(at: index)
        case .addInSidebar:
            guard let list = window.clinicHost.presentation.panes?.sidebar.model as? PetListModel, let add = list.onAdd
            else { throw NoSuchControl(description: "no Add pet in the sidebar") }
            add()
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
            guard let list = host.topPage?.model as? PetListModel, list.opensInNewWindow else {
                throw NoSuchControl(description: "no Open in New Window on \(String(describing: host.topRoute))")
            }
            list.openInNewWindow(at: index)
            await harness.settle()
            harness.adoptNewWindows()
        case .addPet, .renamePet, .deletePet, .typeNote, .answer:
            throw NoSuchControl(description: "\(action) acts on models; the walk does it, not the driver")
        }
        await NavigationTesting.settle()  // an awaited result resumes on a later main-actor turn
    }

    func settle() async { await NavigationTesting.settle() }

    /// Until no page has moved for a while: a close's or a Delete's task that an action or an
    /// answer woke has run (a close kept is forgotten a few turns after its alert went).
    func finishAction() async { await NavigationTesting.settle() }
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
        for guarded in ["type", "answer discard", "answer keepEditing"] {
            #expect(counts[guarded, default: 0] > 10, "the walk must exercise the leave guards: \(counts)")
        }
        for windows in [
            "new window", "open in new window", "close window", "switch window", "windowClosed", "closeAsked",
            "closeKept",
        ] {
            #expect(counts[windows, default: 0] > 10, "the walk must exercise the windows: \(counts)")
        }
        let rules = [
            "deleteAsked", "deleteJoined", "deleteTakenOverByClose", "deleteWaitsForClose",
            "closeJoined", "deleteKept", "deleteMade", "saveRefused",
        ]
        // Since Back keeps an editor instead of asking, a question is open only while a window
        // closes or a Delete asks: a Delete that joins one, or is kept, is rarer (their own
        // tests below walk each on purpose).
        let rare: Set = ["deleteJoined", "deleteKept"]
        for rule in rules {
            #expect(
                counts[rule, default: 0] >= (rare.contains(rule) ? 1 : 5),
                "the walk must exercise the rules between windows: \(counts)")
        }
        #expect(harness.closedCount == counts["windowClosed"], "every window the model closed went")
        #expect(closedAlive.isEmpty, "alive after their window closed: \(closedAlive)")
        // What the open windows keep for Forward is alive by design: dropped, it must go.
        harness.dropForward()
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
        #expect(model.question == nil && model.dialog.isEmpty, "an answered question: leaving keeps, asks nothing")
        #expect(model.windows[0].forward[.dialog] == [.petPicker, .visitType(pet: "rex"), .painLevel(pet: "rex")])
        model.apply(.press("Schedule appointment"))
        #expect(model.dialog == [.petPicker] && model.windows[0].forward[.dialog] == nil, "a new request drops it")
        model.apply(.back)
        #expect(model.dialog == [.petPicker], "Back on the dialog's first page does nothing")
        model.apply(.chooseRow(0))
        model.apply(.altLeft)
        #expect(model.availableActions.contains(.altRight) && model.dialog == [.petPicker])
        model.apply(.altRight)
        #expect(model.dialog == [.petPicker, .visitType(pet: "rex")] && !model.availableActions.contains(.altRight))
    }

    // MARK: The rules between windows, scripted: the app is compared with the model at
    // every step, as in the random walk; the expectations say what the model (so the app)
    // did.

    /// Runs `script` on a new in-memory app with the sample pets, up to 3 windows; returns
    /// the model after each step (the walk's ending's too).
    private func walk(_ script: [UserAction]) async throws -> [NavigationModel] {
        var models: [NavigationModel] = []
        let harness = WindowsHarness()
        try await NavigationWalk(seed: 0, steps: 0, maxWindows: 3)
            .run(InMemoryDriver(harness), pets: ClinicDatabase.samplePets, script: script) { models.append($0) }
        #expect(await harness.allClosedWindowsAlive().isEmpty)
        return models
    }

    @Test("a pet chosen in the sidebar beside its changed editor: the changes wait, its next editor saves them")
    func choiceBesideAChangedEditor() async throws {
        // (Once found by the walk, when the choice asked first: the page showed the notes from
        // before the Save, and its editor's Save was refused as if another window had changed
        // the pet.)
        let harness = WindowsHarness()
        var last: NavigationModel?
        try await NavigationWalk(seed: 0, steps: 0, widths: [400, 1200], maxWindows: 3)
            .run(
                InMemoryDriver(harness), pets: ClinicDatabase.samplePets,
                script: [
                    .press("My pets"), .resize(1200), .chooseRow(0), .press("Edit"), .typeNote("Typed A"),
                    .chooseInSidebar("rex"), .press("Edit"), .press("Save"),
                ]
            ) { last = $0 }
        #expect(last?.pets.first { $0.id == "rex" }?.notes == "Typed A", "the shelved changes were saved")
        #expect(last?.windows[0].shelfRoutes.isEmpty == true)
    }

    /// Rex's page in a second window with its editor changed, then Rex's page in the first.
    private static let rexEditedElsewhere: [UserAction] = [
        .press("My pets"), .openInNewWindow(0), .press("Edit"), .typeNote("Typed A"),
        .switchWindow(0), .chooseRow(0),
    ]

    @Test("a Delete waiting for another window is made even if My pets or its window closed meanwhile")
    func deleteOutlivesItsPage() async throws {
        // Back twice in the deleting window (My pets leaves), or Ctrl+W on it (the editing window
        // is then the one focused); then Discard in the editing window.
        let ways: [[UserAction]] = [[.back, .back, .switchWindow(1)], [.closeWindow]]
        for leave in ways {
            let models = try await walk(Self.rexEditedElsewhere + [.press("Delete")] + leave + [.answer(.discard)])
            let last = models[models.count - 1]
            #expect(!last.pets.contains { $0.id == "rex" }, "\(leave): the delete was dropped")
            #expect(last.windows.allSatisfy { !$0.stacks[.clinic]!.contains(.petDetail("rex")) })
        }
    }

    @Test("Delete asks another window's editor of the pet: Keep editing keeps the pet, Discard deletes it everywhere")
    func deleteAsksAnotherWindow() async throws {
        let asked = Self.rexEditedElsewhere.count + 1
        let script =
            Self.rexEditedElsewhere + [
                .press("Delete"), .switchWindow(1), .answer(.keepEditing),
                .switchWindow(0), .press("Delete"), .switchWindow(1), .answer(.discard),
            ]
        let models = try await walk(script)
        let waiting = models[asked - 1]
        #expect(waiting.events == [.deleteAsked])
        let question = waiting.windows[1].question
        #expect(question?.subject == .changesToDeletedPet && question?.canSave == false, "about a pet being deleted")
        #expect(waiting.stacks[.clinic] == [.home, .pets, .petDetail("rex")], "the deleting window stays as it is")
        #expect(waiting.pets.contains { $0.id == "rex" })
        let kept = models[asked + 1]
        #expect(kept.events == [.deleteKept])
        #expect(kept.stacks[.clinic] == [.home, .pets, .petDetail("rex"), .editPet("rex")], "still editing")
        #expect(kept.pets.contains { $0.id == "rex" })
        let deleted = models[script.count - 1]
        #expect(deleted.events == [.deleteMade])
        #expect(!deleted.pets.contains { $0.id == "rex" })
        #expect(deleted.windows.map { $0.stacks[.clinic]! } == [[.home, .pets], [.home, .pets]])
    }

    @Test("asking changes nothing: an editor without changes agrees and stays, and stays when another window keeps")
    func deleteAsksWithoutRemoving() async throws {
        // Rex's editor without changes in window 1, with changes in window 2; Delete in window 0.
        let script: [UserAction] = [
            .press("My pets"), .openInNewWindow(0), .press("Edit"), .switchWindow(0), .openInNewWindow(0),
            .press("Edit"), .typeNote("Typed A"), .switchWindow(0), .chooseRow(0), .press("Delete"),
            .switchWindow(2), .answer(.keepEditing),
        ]
        let models = try await walk(script)
        let editing: [AppRoute] = [.home, .pets, .petDetail("rex"), .editPet("rex")]
        let asked = models[9]
        #expect(asked.events == [.deleteAsked], "window 1 agreed at once; window 2 asks")
        #expect(asked.windows[1].stacks[.clinic] == editing && asked.windows[1].question == nil, "it stays")
        #expect(asked.windows[2].question?.subject == .changesToDeletedPet)
        let kept = models[11]
        #expect(kept.events == [.deleteKept] && kept.pets.contains { $0.id == "rex" })
        #expect(kept.windows.map { $0.stacks[.clinic]! } == [[.home, .pets, .petDetail("rex")], editing, editing])
    }

    @Test("a Delete joins the question open in a window: made, it asks again (nothing left); refused, so is it")
    func deleteJoinsOpenQuestion() async throws {
        for answer in [DiscardAnswer.discard, .keepEditing] {
            // Rex's editor with changes in windows 1 and 2; Delete in window 0 asks window 1 first.
            // Meanwhile Back on window 2's editor asks too (its pet is being deleted: nothing
            // would bring its changes back), and the Delete, once window 1 agrees, joins it.
            let script: [UserAction] = [
                .press("My pets"), .openInNewWindow(0), .press("Edit"), .typeNote("Typed A"), .switchWindow(0),
                .openInNewWindow(0), .press("Edit"), .typeNote("Typed A"), .switchWindow(0), .chooseRow(0),
                .press("Delete"), .switchWindow(2), .back, .switchWindow(1), .answer(.discard), .switchWindow(2),
                .answer(answer),
            ]
            let models = try await walk(script)
            let back = models[12]
            #expect(back.windows[2].question?.subject == .changesToDeletedPet)
            #expect(back.windows[2].question?.exit == .user(.back))
            #expect(models[14].events.contains(.deleteJoined), "\(models[14].events)")
            let last = models[16]
            if answer == .discard {
                #expect(last.events.contains(.deleteMade) && !last.pets.contains { $0.id == "rex" })
            } else {
                #expect(last.events.contains(.deleteKept) && last.pets.contains { $0.id == "rex" })
                #expect(last.windows[2].stacks[.clinic]!.last == .editPet("rex"))
            }
        }
    }

    @Test("a second Delete of the pet joins the first's question; once Discard took the changes, it goes on")
    func twoDeletesOfOnePet() async throws {
        // Rex's editor with changes in windows 1 and 2; Delete twice in window 0.
        let script: [UserAction] = [
            .press("My pets"), .openInNewWindow(0), .press("Edit"), .typeNote("Typed A"), .switchWindow(0),
            .openInNewWindow(0), .press("Edit"), .typeNote("Typed A"), .switchWindow(0), .chooseRow(0),
            .press("Delete"), .press("Delete"), .switchWindow(1), .answer(.discard), .switchWindow(2),
            .answer(.discard),
        ]
        let models = try await walk(script)
        #expect(models[10].events == [.deleteAsked] && models[11].events == [.deleteJoined])
        // Discard took window 1's changes back: the first asks window 2; the second, asking
        // window 1's editor again, is agreed at once and joins window 2's question.
        let answered = models[13]
        #expect(answered.events == [.deleteAsked, .deleteJoined], "\(answered.events)")
        #expect(answered.windows[1].question == nil && answered.windows[2].question?.subject == .changesToDeletedPet)
        let last = models[15]
        #expect(last.events == [.deleteMade, .deleteMade] && !last.pets.contains { $0.id == "rex" }, "\(last.events)")
        #expect(last.windows.allSatisfy { $0.stacks[.clinic] == [.home, .pets] && $0.question == nil })
    }

    @Test("a Ctrl+W in the window takes the Delete's question over")
    func deleteQuestionTakenOver() async throws {
        let asking = Self.rexEditedElsewhere + [.press("Delete"), .switchWindow(1)]
        // (A Back or Cancel there cannot come while the alert asks: it is modal. One that comes
        // after the answer, before it is carried out, waits for it in the router:
        // LeaveGuardTests.)
        let open = try await walk(asking)[asking.count - 1]
        #expect(
            open.question != nil
                && ![.back, .altLeft, .cancel, .escape].contains { open.availableActions.contains($0) })
        // Ctrl+W: the close decides for the Delete.
        for answer in [DiscardAnswer.discard, .keepEditing] {
            let models = try await walk(asking + [.closeWindow, .answer(answer)])
            let closing = models[asking.count]
            #expect(closing.events == [.deleteTakenOverByClose, .closeAsked])
            #expect(closing.question?.exit == .closeWindow && closing.question?.subject == .changesToDeletedPet)
            let last = models[asking.count + 1]
            if answer == .discard {
                #expect(last.events == [.windowClosed, .deleteMade] && last.windows.count == 1)
                #expect(!last.pets.contains { $0.id == "rex" } && last.stacks[.clinic] == [.home, .pets])
            } else {
                #expect(last.events == [.closeKept, .deleteKept] && last.windows.count == 2)
                #expect(last.pets.contains { $0.id == "rex" } && last.stacks[.clinic]!.last == .editPet("rex"))
            }
        }
    }

    @Test("a window whose close asks answers a Delete by its close; a second Ctrl+W waits for the same answer")
    func closingWindowAnswersDelete() async throws {
        for answer in [DiscardAnswer.discard, .keepEditing] {
            let script =
                Self.rexEditedElsewhere + [
                    .switchWindow(1), .closeWindow, .switchWindow(0), .press("Delete"), .switchWindow(1),
                    .closeWindow, .answer(answer),
                ]
            let models = try await walk(script)
            let start = Self.rexEditedElsewhere.count
            #expect(models[start + 1].events == [.closeAsked] && models[start + 1].question?.subject == .changes)
            #expect(models[start + 3].events == [.deleteWaitsForClose])
            let again = models[start + 5]
            #expect(again.events == [.closeJoined] && again.question?.exit == .closeWindow, "no second question")
            let last = models[start + 6]
            if answer == .discard {
                #expect(last.events == [.windowClosed, .deleteMade] && !last.pets.contains { $0.id == "rex" })
                #expect(last.windows.count == 1 && last.stacks[.clinic] == [.home, .pets])
            } else {
                #expect(last.events == [.closeKept, .deleteKept] && last.pets.contains { $0.id == "rex" })
                #expect(last.windows.count == 2 && last.stacks[.clinic]!.last == .editPet("rex"))
            }
        }
    }

    @Test("a Save over a pet another window saved since is refused once, then saves what it holds")
    func saveAfterAnotherWindow() async throws {
        let script: [UserAction] = [
            .press("My pets"), .openInNewWindow(1), .press("Edit"), .typeNote("Typed A"),
            .switchWindow(0), .chooseRow(1), .press("Edit"), .typeNote("Typed A"), .press("Save"),
            .switchWindow(1), .press("Save"), .press("Save"),
        ]
        let models = try await walk(script)
        let whiskers = { (model: NavigationModel) in model.pets.first { $0.id == "whiskers" }! }
        #expect(whiskers(models[8]).notes == "Typed A", "the first window saved")
        #expect(models[10].events == [.saveRefused])
        #expect(models[10].stacks[.clinic]!.last == .editPet("whiskers"), "refused: the editor stays")
        #expect(models[11].events == [] && models[11].stacks[.clinic]!.last == .petDetail("whiskers"))
        // The question's Save too (closing the window asks): refused once (as Keep editing,
        // with the changes: the window stays), then saved.
        let asked: [UserAction] = [
            .press("My pets"), .chooseRow(0), .press("Edit"), .typeNote("Typed A"), .renamePet(0, "Pet 1"),
            .openWindow, .switchWindow(0), .closeWindow, .answer(.save), .closeWindow, .answer(.save),
        ]
        let again = try await walk(asked)
        #expect(again[8].events.contains(.saveRefused) && again[8].question == nil, "\(again[8].events)")
        #expect(again[8].windows.count == 2 && again[8].windows[0].stacks[.clinic]!.last == .editPet("rex"))
        #expect(again[10].windows.count == 1)
        let rex = again[10].pets.first { $0.id == "rex" }!
        #expect(rex.name == "Rex" && rex.notes == "Typed A", "the editor's fields, the name as it read it")
    }

    @Test(
        "Ctrl+W asks the window's editor: Keep editing keeps the window; else it goes and the last focused comes back")
    func closeAsks() async throws {
        let script: [UserAction] = [
            .openWindow, .openWindow, .press("My pets"), .chooseRow(2), .press("Edit"), .typeNote("Typed A"),
            .switchWindow(0), .switchWindow(2), .closeWindow, .answer(.keepEditing), .closeWindow, .answer(.discard),
        ]
        let models = try await walk(script)
        #expect(models[8].events == [.closeAsked] && models[8].question?.exit == .closeWindow)
        #expect(models[9].events == [.closeKept] && models[9].windows.count == 3)
        #expect(models[11].events == [.windowClosed] && models[11].windows.count == 2)
        #expect(models[11].focusedWindow == 0, "the window focused before it, not the one opened before it")
    }

    @Test("the model with one window offers no window action")
    func oneWindow() {
        let model = NavigationModel(pets: ClinicDatabase.samplePets)
        #expect(model.availableActions.allSatisfy { !$0.isWindowAction })
        var many = NavigationModel(pets: ClinicDatabase.samplePets, maxWindows: 2)
        #expect(many.availableActions.contains(.openWindow) && !many.availableActions.contains(.closeWindow))
        many.apply(.openWindow)
        #expect(!many.availableActions.contains(.openWindow), "at most two")
        #expect(many.availableActions.contains(.closeWindow) && many.availableActions.contains(.switchWindow(0)))
    }
}
