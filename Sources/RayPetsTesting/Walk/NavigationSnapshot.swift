import Navigation
import RayPets

/// What the routers and the coordinator tree look like, in the terms the model can predict.
public struct NavigationSnapshot: Equatable, Sendable, CustomStringConvertible {
    /// The tab shown.
    public var tab: AppTab
    /// Each tab's routes.
    public var stacks: [AppTab: [AppRoute]]
    /// The dialog's routes.
    public var dialog: [AppRoute]
    /// The pages each tab's stack keeps for Forward, the next one first (tabs with none left out).
    public var forward: [AppTab: [AppRoute]]
    /// The pages the dialog keeps for Forward.
    public var dialogForward: [AppRoute]
    /// The pages whose editors' changes wait on the shelf (`Questions.drafts`), by token.
    public var shelf: [String]
    /// Running flows by coordinator type (beyond the app and the two tab roots).
    public var flows: [String: Int]
    /// `onDismissed` closures waiting, over all routers.
    public var pendingDismissals: Int
    /// The open "Discard …?" question's subject, if any.
    public var question: DiscardSubject?

    /// One line per part, for failure reports.
    public var description: String {
        let place = NavigationPlace(tab: tab, stacks: stacks, dialog: dialog)
        let ahead = forward.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue): \($0.value)" }
        return
            "\(place); forward: \(ahead), dialog \(dialogForward); shelf: \(shelf); flows: \(flows.sorted { $0.key < $1.key }); "
            + "pending onDismissed: \(pendingDismissals); question: \(question.map { "\($0)" } ?? "none")"
    }

    /// What the model says the focused window must look like.
    public init(expectedFrom model: NavigationModel) {
        self.init(expectedFrom: model.windows[model.focusedWindow])
    }

    /// What the model says one of its windows must look like.
    public init(expectedFrom model: NavigationModel.Window) {
        tab = model.tab
        question = model.question?.subject
        stacks = model.stacks
        dialog = model.dialog
        forward = [:]
        for tab in AppTab.allCases {
            if let ahead = model.forward[.tab(tab)], !ahead.isEmpty { forward[tab] = ahead }
        }
        dialogForward = model.forward[.dialog] ?? []
        shelf = model.shelf.map(\.route.token).sorted()
        // A flow lives while its pages are on the stack or kept for Forward.
        let clinic = model.stacks[.clinic]! + (model.forward[.tab(.clinic)] ?? [])
        let learn = model.stacks[.learn]! + (model.forward[.tab(.learn)] ?? [])
        let dialog = model.dialog + dialogForward
        var flows: [String: Int] = [:]
        func add(_ name: String, _ count: Int) { if count > 0 { flows[name, default: 0] += count } }
        add("PetListCoordinator", clinic.contains(.pets) ? 1 : 0)
        add(
            "ClinicInfoCoordinator",
            (clinic.contains(.clinicInfo) ? 1 : 0) + (dialog.first == .clinicInfo ? 1 : 0)
        )
        add("HowToCodeCoordinator", learn.count > 1 ? 1 : 0)
        add("AppointmentRequestCoordinator", dialog.first == .petPicker ? 1 : 0)
        add("PetPickerCoordinator", dialog.first == .petPicker ? 1 : 0)
        let editors = (clinic + dialog).filter {
            if case .editPet = $0 { return true }
            return $0 == .addPet
        }
        add("PetEditorCoordinator", editors.count)
        self.flows = flows
        // Each flow's first page carries the flow's onDismissed; so do the two tab roots.
        pendingDismissals = 2 + flows.values.reduce(0, +) - (flows["PetPickerCoordinator"] ?? 0)
    }

    /// What the window of `app` looks like now.
    @MainActor
    public init(actual app: WindowCoordinator) {
        self.init(actual: app, dialog: app.dialogRouter as! ModalRouter<AppRoute>)
    }

    /// What the window of `app`, with its dialog on `dialog`, looks like now.
    @MainActor
    public init(actual app: WindowCoordinator, dialog: ModalRouter<AppRoute>) {
        tab = app.tabs.selectedTab
        question = app.services.questions.open?.subject
        stacks = Dictionary(uniqueKeysWithValues: AppTab.allCases.map { ($0, app.tabs.router(for: $0).routes) })
        self.dialog = dialog.routes
        forward = [:]
        for tab in AppTab.allCases {
            let ahead = app.tabs.router(for: tab).forwardPages.map(\.route)
            if !ahead.isEmpty { forward[tab] = ahead }
        }
        dialogForward = dialog.forwardPages.map(\.route)
        shelf = app.services.questions.drafts.map(\.route.token).sorted()
        var flows: [String: Int] = [:]
        var queue: [any Coordinator] = app.children.flatMap(\.children)
        while let next = queue.popLast() {
            flows[String(describing: type(of: next)), default: 0] += 1
            queue.append(contentsOf: next.children)
        }
        self.flows = flows
        pendingDismissals =
            AppTab.allCases.map { app.tabs.router(for: $0).pendingDismissHandlers }.reduce(0, +)
            + dialog.pendingDismissHandlers
    }
}

/// Every window's `NavigationSnapshot`, in the order they were opened, which one is focused,
/// and the pets they share (each one's id, name and notes, in list order): what a walk with
/// many windows compares. The pets are compared too because a change of the records that
/// waited for another window's answer (a Delete) lands a few turns after the pages that
/// asked have left: the walk's next step must not start before it.
public struct AppSnapshot: Equatable, Sendable, CustomStringConvertible {
    /// Each window's snapshot.
    public var windows: [NavigationSnapshot]
    /// The index in `windows` of the focused one.
    public var focused: Int
    /// The pets: "id name: notes", in list order.
    public var pets: [String]

    /// One window: its snapshot, as before; several: one line each, the focused one marked.
    public var description: String {
        let shown =
            windows.count == 1
            ? windows[0].description
            : windows.enumerated().map {
                "\n    window \($0.offset)\($0.offset == focused ? " (focused)" : ""): \($0.element)"
            }
            .joined()
        return shown + "\n    pets: \(pets)"
    }

    /// What the model says every window must look like.
    public init(expectedFrom model: NavigationModel) {
        windows = model.windows.map(NavigationSnapshot.init(expectedFrom:))
        focused = model.focusedWindow
        pets = model.pets.map(Self.facts)
    }

    /// What `driver`'s windows look like now.
    @MainActor
    public init(actual driver: any AppDriver) {
        let open = driver.windows
        windows = open.map {
            $0 === driver.app ? NavigationSnapshot(actual: $0, dialog: driver.dialogRouter) : .init(actual: $0)
        }
        focused = open.firstIndex { $0 === driver.app } ?? -1
        pets = ((try? driver.app.services.data.allPets()) ?? []).map(Self.facts)
    }

    private static func facts(_ pet: Pet) -> String { "\(pet.id) \(pet.name): \(pet.notes)" }
}
