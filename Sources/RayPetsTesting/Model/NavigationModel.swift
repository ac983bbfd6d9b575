import RayPets

/// A reference model of what RayPets' back stacks must be, written independently of the
/// coordinators: the open windows, each with its selected tab, each tab's stack and the
/// dialog's stack; the records they share; and what each user action does to them. Walk tests
/// compare the real routers of every window with it after every step.
///
/// Every user action acts on the focused window, and `tab`, `stacks`, `dialog`, `question`
/// and `width` are the focused window's; the records change under every window
/// (`NavigationModel+Windows`).
public struct NavigationModel: Hashable, Sendable {
    /// One window: the navigation each window has of its own (the records are shared).
    public struct Window: Hashable, Sendable {
        /// Names the window while it is open (a number is never used again).
        public let id: Int
        /// The tab shown.
        public internal(set) var tab: AppTab = .clinic
        /// Each tab's routes, root first.
        public internal(set) var stacks: [AppTab: [AppRoute]] = [.clinic: [.home], .learn: [.learn]]
        /// The dialog's routes; empty when it is closed.
        public internal(set) var dialog: [AppRoute] = []
        /// The window's open "Discard …?" question, if any.
        public internal(set) var question: Question?
        /// The window's width in pixels.
        public internal(set) var width: Int
        /// Each open editor's fields, by the stack it is on top of.
        var editors: [Location: Editor] = [:]
        /// The Deletes waiting for this window's close to be answered (it answers them: closed
        /// is yes, kept is no), in the order they began to wait.
        var deletesWaitingForClose: [Int] = []

        /// Where the user is: the dialog when it is open, else the tab shown.
        var location: Location { dialog.isEmpty ? .tab(tab) : .dialog }

        /// The routes of the stack at `location`.
        func routes(at location: Location) -> [AppRoute] {
            switch location {
            case .tab(let tab): stacks[tab]!
            case .dialog: dialog
            }
        }
    }

    /// The open windows, in the order they were opened.
    public internal(set) var windows: [Window]
    /// The open windows' ids, from the least to the most recently focused.
    var focusOrder: [Int]
    /// The index in `windows` of the window being acted on: the focused one, except while a
    /// change of the records or another window's request is followed in each window.
    var active = 0
    /// The pets, in list order (the order they were added), with the fields the walk changes.
    public internal(set) var pets: [Pet]
    /// Each stored appointment request (its id) by pet, oldest first.
    public internal(set) var records: [Pet.ID: [Int64]] = [:]
    /// The widths the walk resizes the windows to (none: they keep their width).
    public let widths: [Int]
    /// How many windows the user may have open at once (1: no window is opened or closed).
    public let maxWindows: Int
    /// The deletes waiting for other windows' answers before they are made.
    var deletes: [PendingDelete] = []
    var nextWindow = 2
    var nextDelete = Unrecorded(value: 1)
    private var nextRecord: Int64 = 1
    private var nextPet = 5  // the sample pets took 1 to 4
    private var namesUsed = 0
    private var eventLog = Unrecorded(value: [Event]())

    /// A new window's width in pixels (the main window's default).
    public static let windowWidth = 560

    /// The app as it starts (after the welcome page): one window, its Clinic tab on Home and
    /// Learn on its root, with `pets` stored and no appointment requests, 560 pixels wide; the
    /// user resizes windows to each of `widths` and has at most `maxWindows` open.
    public init(pets: [Pet], widths: [Int] = [], maxWindows: Int = 1) {
        self.pets = pets
        self.widths = widths
        self.maxWindows = max(1, maxWindows)
        windows = [Window(id: 1, width: Self.windowWidth)]
        focusOrder = [1]
    }

    /// The index in `windows` of the window the user used last: where every action acts.
    public var focusedWindow: Int { windows.firstIndex { $0.id == focusOrder.last }! }

    /// What the last action did besides moving pages (for a walk's counts; not part of the
    /// model's state: two models differing only in it are equal).
    public internal(set) var events: [Event] {
        get { eventLog.value }
        set { eventLog.value = newValue }
    }

    /// Something an action did that the stacks do not show.
    public enum Event: Hashable, Sendable {
        /// A window closed (Ctrl+W) and went.
        case windowClosed
        /// Closing a window asked a question there.
        case closeAsked
        /// A window's close was given up: *Keep editing*, a refused *Save*, or another request
        /// made while it asked.
        case closeKept
        /// Ctrl+W on a window whose close is asking: it waits for the same answer.
        case closeJoined
        /// A Delete asked a window's editor of the pet with changes ("Discard changes?" about a
        /// pet being deleted, there).
        case deleteAsked
        /// A Delete joined the question open in a window's router instead of asking: its answer
        /// decides.
        case deleteJoined
        /// A Delete's question, or one it joined, was taken over by a Ctrl+W on that window:
        /// the close decides.
        case deleteTakenOverByClose
        /// A Delete came to a window whose close is asking: the close decides.
        case deleteWaitsForClose
        /// A Delete was refused because another request in that window replaced the one it
        /// waited for (counted in `deleteKept` too).
        case deleteReplaced
        /// A Delete was not made: a window kept its editor or its close, or another request was
        /// made while it asked.
        case deleteKept
        /// Every window agreed to a Delete: the pet was deleted (unless it was deleted
        /// meanwhile).
        case deleteMade
        /// An editor's Save was refused once: its pet was saved differently since it read it.
        case saveRefused
    }

    // MARK: The focused window

    /// The tab shown.
    public var tab: AppTab {
        get { windows[active].tab }
        set { windows[active].tab = newValue }
    }
    /// Each tab's routes, root first.
    public var stacks: [AppTab: [AppRoute]] {
        get { windows[active].stacks }
        set { windows[active].stacks = newValue }
    }
    /// The dialog's routes; empty when it is closed.
    public var dialog: [AppRoute] {
        get { windows[active].dialog }
        set { windows[active].dialog = newValue }
    }
    /// The open "Discard …?" question, if any.
    public internal(set) var question: Question? {
        get { windows[active].question }
        set { windows[active].question = newValue }
    }
    /// The window's width in pixels.
    public private(set) var width: Int {
        get { windows[active].width }
        set { windows[active].width = newValue }
    }
    var editors: [Location: Editor] {
        get { windows[active].editors }
        set { windows[active].editors = newValue }
    }

    /// Whether a question of the open appointment request is answered (the page after "Visit
    /// type" is open): choosing the pet alone is not asked about, and Back takes an answer back.
    var answered: Bool { dialog.first == .petPicker && dialog.filter(\.isAppointmentQuestion).count > 1 }

    /// Where *My pets* is on the Clinic tab's stack, if it is there.
    private var petsIndex: Int? { stacks[.clinic]!.firstIndex(of: .pets) }

    /// Whether the user sees *My pets* as a sidebar beside what was opened from it: the
    /// Clinic tab shows, the window is at least 720 pixels wide, and My pets is on the stack.
    public var isSplit: Bool { tab == .clinic && dialog.isEmpty && width >= 720 && petsIndex != nil }

    /// Whether something is shown beside the sidebar (its Back button shows).
    private var hasContent: Bool { isSplit && petsIndex! < stacks[.clinic]!.count - 1 }

    /// A pet's appointment requests, newest first (as its page lists them).
    public func history(of pet: Pet.ID) -> [Int64] { (records[pet] ?? []).reversed() }

    /// The route the user sees.
    public var shownRoute: AppRoute { dialog.last ?? stacks[tab]!.last! }

    /// A stack the user can see: a tab's or the dialog's.
    public enum Location: Hashable, Sendable {
        /// A tab's stack.
        case tab(AppTab)
        /// The dialog.
        case dialog
    }

    /// A page whose leave guard can ask.
    public enum Guarded: Hashable, Sendable {
        /// The editor on top of a stack, with changes.
        case editor(Location)
        /// The appointment request (the dialog's first page), once a question is answered.
        case appointmentRequest

        /// The stack whose router asks.
        public var location: Location {
            switch self {
            case .editor(let place): place
            case .appointmentRequest: .dialog
            }
        }
    }

    /// What waits for a question's answer: the change a router makes if its guards agree.
    public enum Exit: Hashable, Sendable {
        /// The user's Back, Cancel, close button, or a choice in the sidebar.
        case user(UserAction)
        /// The window's close (Ctrl+W): every page of the window leaves and the window goes.
        case closeWindow
        /// Delete pressed on `pet`'s page (in this window or another) asks this window's
        /// editor of the pet (`request` names the Delete): yes changes nothing here, the
        /// Delete asks on.
        case deletePet(Pet.ID, request: Int)
    }

    /// An open "Discard …?" question: which guard asks, about what, and the exit that waits
    /// for the answer (the latest one requested).
    public struct Question: Hashable, Sendable {
        /// What would be lost.
        public var subject: DiscardSubject
        /// Whether *Save* is offered.
        public var canSave: Bool
        /// The guard asking.
        public var asking: Guarded
        /// Guards that agreed to this exit already.
        public var approved: Set<Guarded>
        /// The exit waiting for the answer.
        public var exit: Exit
        /// The Deletes that joined the question instead of asking, in the order they joined:
        /// if `exit` is made they ask again, if it is refused so are they.
        var joined: [Int] = []
    }

    /// The fields of a pet the walk changes (it types Notes; the records rename), as stored or
    /// as an editor holds them.
    struct Fields: Hashable, Sendable {
        var name: String
        var notes: String

        init(_ pet: Pet) {
            name = pet.name
            notes = pet.notes
        }
    }

    /// An open editor: what it holds, and what it read.
    struct Editor: Hashable, Sendable {
        /// The pet edited; `nil` for a new pet.
        let pet: Pet.ID?
        /// The fields as typed (the name is the one the editor read: the walk types Notes only).
        var fields: Fields
        /// The notes as the editor read or last saved them: other notes are changes.
        var savedNotes: String
        /// The pet as the editor last read it: a Save over a pet saved differently since then
        /// is refused once.
        var base: Fields?

        /// Whether leaving loses something.
        var hasChanges: Bool { fields.notes != savedNotes }

        /// The editor `route` opens on `pets`.
        init(_ route: AppRoute, pets: [Pet]) {
            if case .editPet(let id) = route, let pet = pets.first(where: { $0.id == id }) {
                self.pet = id
                fields = Fields(pet)
                base = fields
            } else {
                pet = nil
                fields = Fields(Pet(id: "", name: "", species: .dog, age: nil))
                base = nil
            }
            savedNotes = fields.notes
        }
    }

    var location: Location { windows[active].location }

    func routes(at location: Location) -> [AppRoute] { windows[active].routes(at: location) }

    static func isEditor(_ route: AppRoute?) -> Bool {
        if case .editPet = route { return true }
        return route == .addPet
    }

    /// Whether the editor on top of `place` has changes.
    func hasChangedEditor(at place: Location) -> Bool {
        Self.isEditor(routes(at: place).last) && editors[place]?.hasChanges == true
    }

    private var exits: [UserAction] {
        var actions: [UserAction] = []
        // Split, the header bar's Back hides; the content's Back (the same action) shows
        // beside a chosen pet.
        let canGoBack = dialog.isEmpty ? (isSplit ? hasContent : stacks[tab]!.count > 1) : dialog.count > 1
        if canGoBack { actions.append(.back) }
        actions.append(.altLeft)
        if !dialog.isEmpty { actions += [.cancel, .escape, .closeDialog] }
        return actions
    }

    /// What the user can do now in the focused window: every button and row of the shown
    /// page, Back where there is somewhere to go back to, the dialog's ways out, the tab
    /// switcher; the windows; and changes of the records (as from another program).
    public var availableActions: [UserAction] {
        var actions: [UserAction] = []
        if let question {
            // The alert is modal: its answers only. (A Back or close the user makes in the
            // moment between an answer and its being carried out waits for it in the router:
            // the router's own tests and the GTK tests try that.)
            actions = [.answer(.keepEditing), .answer(.discard)] + (question.canSave ? [.answer(.save)] : [])
        } else {
            actions = buttons(on: shownRoute).map(UserAction.press)
            actions += (0..<rows(on: shownRoute)).map(UserAction.chooseRow)
            // Back is offered where its button is visible; Alt+Left works anywhere (and does
            // nothing on a root page, which is worth walking too).
            actions += exits
            // A swipe works where Back is one stack (not beside a sidebar), and not under the
            // alert (modal).
            let swipes = dialog.isEmpty ? !isSplit && stacks[tab]!.count > 1 : dialog.count > 1
            if swipes { actions += [.swipeBack(committed: true), .swipeBack(committed: false)] }
            if dialog.isEmpty { actions += AppTab.allCases.filter { $0 != tab }.map(UserAction.switchTab) }
            if isSplit {
                actions.append(.sidebarBack)
                if hasContent { actions += pets.map { .chooseInSidebar($0.id) } }
            }
            // Two texts, the one that differs from what the editor read: the model's states
            // stay finite (the link tests search them all), and typing always makes changes.
            if Self.isEditor(shownRoute), let editor = editors[location] {
                actions.append(.typeNote(editor.savedNotes == "Typed A" ? "Typed B" : "Typed A"))
            }
        }
        actions += windowActions
        // Any time, even while the alert asks.
        actions += widths.filter { $0 != width }.map(UserAction.resize)
        // The records change under the pages: a few pets at most, so lists stay short.
        if pets.count < 6 { actions.append(.addPet("Pet \(namesUsed + 1)")) }
        if !pets.isEmpty {
            actions.append(.renamePet(namesUsed % pets.count, "Pet \(namesUsed + 1)"))
            actions.append(.deletePet(namesUsed % pets.count))
        }
        return actions
    }

    /// The buttons `route`'s page shows, by label.
    public func buttons(on route: AppRoute) -> [String] {
        switch route {
        case .welcome: ["Get started"]
        case .home: ["Schedule appointment", "My pets", "Clinic info"]
        case .pets: ["Add pet"]
        case .petPicker: pets.isEmpty ? ["Add pet"] : []
        case .petDetail: ["Edit", "Delete", "Clinic info"]
        case .addPet: []  // Save stays disabled: the walk types no name
        case .editPet: ["Save"]
        case .appointmentRecord: ["Delete"]
        case .clinicInfo: ["Opening hours"]
        case .openingHours: []
        case .learn: ["How to code"]
        case .howToCode: ["Next"]
        case .startOver: ["Start over"]
        case .visitType: VisitType.allCases.map(\.title)
        case .painLevel: PainLevel.allCases.map(\.title)
        case .fakingIt: FakingAnswer.allCases.map(\.title)
        case .noAppointmentRequired: ["Okay"]
        case .discardQuestion: []
        }
    }

    /// How many list rows `route`'s page shows.
    public func rows(on route: AppRoute) -> Int {
        switch route {
        case .pets, .petPicker: pets.count
        case .petDetail(let pet): history(of: pet).count
        default: 0
        }
    }

    /// What `action` does, per the app's specification.
    public mutating func apply(_ action: UserAction) {
        events = []
        active = focusedWindow
        defer { tidy() }
        switch action {
        case .switchTab(let next): if dialog.isEmpty && question == nil { tab = next }
        case .back, .altLeft, .cancel, .escape, .closeDialog:
            // Offered only while no question is open in the window (the alert is modal).
            requestExit(.user(action), approved: [])
        case .typeNote(let text): editors[location]?.fields.notes = text
        case .answer(let answer): self.answer(answer)
        case .chooseRow(let index): choose(row: index)
        case .resize(let newWidth): width = newWidth
        case .sidebarBack: if question == nil { requestExit(.user(action), approved: []) }
        case .swipeBack(let committed):
            // Committed, the same Back as the button's (its guard asks; the page springs back
            // meanwhile); let go short, nothing changes.
            if committed && question == nil { requestExit(.user(.back), approved: []) }
        case .chooseInSidebar(let pet):
            // The pet already shown stays as it is; another replaces what was beside the list.
            if question == nil && stacks[.clinic]!.last != .petDetail(pet) { requestExit(.user(action), approved: []) }
        case .press(let title): press(title)
        case .addPet(let name):
            namesUsed += 1
            pets.append(Pet(id: "pet-\(nextPet)", name: name, species: .dog, age: nil))
            nextPet += 1
        case .renamePet(let index, let name):
            namesUsed += 1
            pets[index].name = name
        case .deletePet(let index):
            namesUsed += 1
            deleteEverywhere(pets[index].id)
        case .openWindow: openWindow()
        case .closeWindow: closeWindow()
        case .switchWindow(let index): focus(windows[index].id)
        case .openInNewWindow(let index): openInNewWindow(pets[index].id)
        }
    }

    /// The stack whose router `exit` goes to.
    private func exitLocation(of exit: UserAction) -> Location {
        switch exit {
        case .cancel, .escape, .closeDialog: .dialog
        case .sidebarBack, .chooseInSidebar: .tab(.clinic)
        default: location
        }
    }

    /// The open question's answer. Yes (*Discard*, or *Save* that saved) lets the exit go on;
    /// no (*Keep editing*, or *Save* refused because the pet changed elsewhere) gives it up.
    private mutating func answer(_ answer: DiscardAnswer) {
        guard let asked = question else { return }
        question = nil
        var agreed = answer != .keepEditing
        if answer == .save, case .editor(let place) = asked.asking { agreed = save(at: place) }
        if agreed {
            requestExit(asked.exit, approved: asked.approved.union([asked.asking]), joined: asked.joined)
        } else {
            giveUp(asked.exit, joined: asked.joined)
        }
    }

    /// Asks the first guard `exit` has not yet been approved by, or makes the exit; the
    /// Deletes `joined` to it wait with it (a close has none: they wait for the close).
    mutating func requestExit(_ exit: Exit, approved: Set<Guarded>, joined: [Int] = []) {
        switch exit {
        case .user(let action): requestUserExit(action, approved: approved, joined: joined)
        case .closeWindow: continueClose(approved: approved)
        case .deletePet(let pet, let request):
            continueRemoval(of: pet, request: request, approved: approved, joined: joined)
        }
    }

    /// Opens the question of `guarded`, with `exit` (and the Deletes `joined` to it) waiting
    /// for its answer. While a Delete pressed when this window was open asks, an editor of its
    /// pet asks about a pet being deleted, without *Save* (whatever it is asked for).
    mutating func ask(_ guarded: Guarded, exit: Exit, approved: Set<Guarded>, joined: [Int] = []) {
        var subject = DiscardSubject.answers
        var canSave = false
        if case .editor(let place) = guarded {
            subject = .changes
            if case .editPet(let pet) = routes(at: place).last {
                let here = windows[active].id
                let deleting = deletes.contains { $0.pet == pet && $0.informed.contains(here) }
                subject = deleting ? .changesToDeletedPet : .changes
                canSave = !deleting
            }
        }
        question = Question(
            subject: subject, canSave: canSave, asking: guarded, approved: approved, exit: exit, joined: joined)
    }

    /// The guards a user's exit asks, top first.
    private func guards(of exit: UserAction) -> [Guarded] {
        let place = location
        let stack = routes(at: place)
        var leaving: [Guarded] = []
        let editorLeaves: Bool
        switch exit {
        case .back, .altLeft: editorLeaves = stack.count > 1
        case .sidebarBack, .chooseInSidebar: editorLeaves = true  // everything above My pets
        default: editorLeaves = place == .dialog  // Cancel, Escape, close: the whole dialog
        }
        if editorLeaves && hasChangedEditor(at: place) { leaving.append(.editor(place)) }
        if place == .dialog && exit != .back && exit != .altLeft && answered {
            leaving.append(.appointmentRequest)
        }
        return leaving
    }

    private mutating func requestUserExit(_ exit: UserAction, approved: Set<Guarded>, joined: [Int]) {
        if let next = guards(of: exit).first(where: { !approved.contains($0) }) {
            return ask(next, exit: .user(exit), approved: approved, joined: joined)
        }
        defer { askAgain(joined) }
        switch exit {
        case .back, .altLeft: goBack()
        case .sidebarBack:
            if let index = petsIndex { stacks[.clinic] = Array(stacks[.clinic]![..<index]) }
        case .chooseInSidebar(let pet):
            guard let index = petsIndex else { return }
            stacks[.clinic] = Array(stacks[.clinic]![...index])
            // A pet deleted while the alert asked is not shown.
            if pets.contains(where: { $0.id == pet }) { stacks[.clinic]!.append(.petDetail(pet)) }
        default: dialog = []
        }
    }

    /// The editor at `place` saves what it holds. Refused once if its pet was saved
    /// differently since the editor read it (another window's editor, a rename from outside):
    /// the editor stays with its changes and reads the pet, so its next Save goes through.
    /// Whether it saved.
    mutating func save(at place: Location) -> Bool {
        guard var editor = editors[place], let pet = editor.pet,
            let index = pets.firstIndex(where: { $0.id == pet })
        else { return true }
        let stored = Fields(pets[index])
        guard editor.base == stored else {
            editor.base = stored
            editors[place] = editor
            events.append(.saveRefused)
            return false
        }
        pets[index].name = editor.fields.name
        pets[index].notes = editor.fields.notes
        editor.savedNotes = editor.fields.notes
        editor.base = editor.fields
        editors[place] = editor
        return true
    }

    /// The appointment request for `pet` was finished: stored, the dialog closes.
    private mutating func finish(for pet: Pet.ID) {
        records[pet, default: []].append(nextRecord)
        nextRecord += 1
        dialog = []
    }

    private mutating func goBack() {
        if !dialog.isEmpty {
            if dialog.count > 1 { dialog.removeLast() }
        } else if stacks[tab]!.count > 1 {
            stacks[tab]!.removeLast()
        }
    }

    private mutating func push(_ route: AppRoute) {
        if dialog.isEmpty { stacks[tab]!.append(route) } else { dialog.append(route) }
        if Self.isEditor(route) { editors[location] = Editor(route, pets: pets) }
    }

    private mutating func choose(row index: Int) {
        switch shownRoute {
        case .pets: push(.petDetail(pets[index].id))
        case .petPicker:
            dialog.append(.visitType(pet: pets[index].id))
        case .petDetail(let pet): push(.appointmentRecord(pet: pet, record: history(of: pet)[index]))
        default: break
        }
    }

    private mutating func press(_ title: String) {
        switch (shownRoute, title) {
        case (.home, "Schedule appointment"): dialog = [.petPicker]
        case (.home, "My pets"): push(.pets)
        case (.home, "Clinic info"): push(.clinicInfo)
        case (.pets, "Add pet"), (.petPicker, "Add pet"): push(.addPet)
        case (.petDetail(let pet), "Edit"): push(.editPet(pet))
        case (.petDetail(let pet), "Delete"): startDelete(of: pet)
        case (.editPet, "Save"):
            if save(at: location) { stacks[tab]!.removeLast() }
        case (.appointmentRecord(let pet, let record), "Delete"):
            records[pet]?.removeAll { $0 == record }
            for index in windows.indices {
                for tab in AppTab.allCases {
                    windows[index].stacks[tab]!.removeAll { $0 == .appointmentRecord(pet: pet, record: record) }
                }
            }
        case (.petDetail, "Clinic info"): dialog = [.clinicInfo]
        case (.clinicInfo, "Opening hours"): push(.openingHours)
        case (.learn, "How to code"): push(.howToCode(.wakeUp))
        case (.howToCode(let step), "Next"): push(step.next.map(AppRoute.howToCode) ?? .startOver)
        case (.startOver, "Start over"): stacks[tab] = [stacks[tab]![0]]
        case (.visitType(let pet), VisitType.well.title): dialog.append(.noAppointmentRequired(pet: pet))
        case (.visitType(let pet), VisitType.sick.title): dialog.append(.painLevel(pet: pet))
        case (.painLevel(let pet), let answer):
            let level = PainLevel.allCases.first { $0.title == answer }!
            dialog.append(level.mightBeFaking ? .fakingIt(pet: pet) : .noAppointmentRequired(pet: pet))
        case (.fakingIt(let pet), FakingAnswer.fake.title): finish(for: pet)
        case (.fakingIt(let pet), FakingAnswer.notFake.title): dialog.append(.noAppointmentRequired(pet: pet))
        case (.noAppointmentRequired(let pet), "Okay"): finish(for: pet)
        default: preconditionFailure("the model offers no \"\(title)\" on \(shownRoute)")
        }
    }
}

/// A value the model carries that is no part of its state: any two are equal.
struct Unrecorded<Value: Sendable>: Hashable, Sendable {
    var value: Value

    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
