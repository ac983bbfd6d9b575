import RayPets

/// A reference model of what RayPets' back stacks must be, written independently of the
/// coordinators: the open windows, each with its selected tab, each tab's stack and the
/// dialog's stack; the records they share; and what each user action does to them. Walk tests
/// compare the real routers of every window with it after every step.
///
/// Every user action acts on the focused window, and `tab`, `stacks`, `dialog`, `question`
/// and `width` are the focused window's; the records change under every window
/// (`Rules/Windows.swift`). What each control and each change does is written rule by rule in
/// `Rules/`: a file per page or per rule between pages and windows.
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
        /// The pages each stack keeps for Forward, the next one first (`Rules/Forward.swift`).
        public internal(set) var forward: [Location: [AppRoute]] = [:]
        /// Each editor kept for Forward (its stack's forward pages end with it), by stack.
        var keptEditors: [Location: Editor] = [:]
        /// Unsaved changes of editors that ended with them, oldest first (`Questions.drafts`).
        var shelf: [Shelved] = []
        /// The pages whose editors' changes wait on the shelf, oldest first.
        public var shelfRoutes: [AppRoute] { shelf.map(\.route) }
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
    var nextRecord: Int64 = 1
    var nextPet = 5  // the sample pets took 1 to 4
    var namesUsed = 0
    private var eventLog = Unrecorded(value: [Event]())
    /// The stacks the action being applied changed itself, forward history included.
    var touched = Unrecorded(value: Set<Touch>())

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

    /// The stack the user acts on in the window being acted on.
    var location: Location { windows[active].location }

    /// The routes of the stack at `location` in the window being acted on.
    func routes(at location: Location) -> [AppRoute] { windows[active].routes(at: location) }

    /// What the user can do now in the focused window: every button and row of the shown
    /// page (`Rules/`), Back where there is somewhere to go back to, the dialog's ways out, the
    /// tab switcher, the sidebar; the windows; and changes of the records (as from another
    /// program).
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
            actions += exits
            // A swipe works where Back is one stack (not beside a sidebar), and not under the
            // alert (modal).
            let swipes = dialog.isEmpty ? !isSplit && stacks[tab]!.count > 1 : dialog.count > 1
            if swipes { actions += [.swipeBack(committed: true), .swipeBack(committed: false)] }
            if dialog.isEmpty { actions += AppTab.allCases.filter { $0 != tab }.map(UserAction.switchTab) }
            actions += forwardActions
            actions += sidebarActions
            actions += editorActions
        }
        actions += windowActions
        // Any time, even while the alert asks.
        actions += widths.filter { $0 != width }.map(UserAction.resize)
        actions += recordChanges
        return actions
    }

    /// What `action` does, per the app's specification.
    public mutating func apply(_ action: UserAction) {
        events = []
        active = focusedWindow
        let before = windows
        defer {
            followForward(from: before)
            tidy()
        }
        switch action {
        case .switchTab(let next): if dialog.isEmpty && question == nil { tab = next }
        case .back, .altLeft, .backInHistory, .cancel, .escape, .closeDialog:
            // Offered only while no question is open in the window (the alert is modal).
            requestExit(.user(action), approved: [])
        case .typeNote(let text): editors[location]?.fields.notes = text
        case .altRight: if question == nil { goForward() }
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
        case .addInSidebar:
            // Beside a new pet's editor already, it stays as it is (nothing is asked).
            if question == nil && stacks[.clinic]!.last != .addPet { requestExit(.user(action), approved: []) }
        case .press(let title): press(title)
        case .addPet(let name): addPet(named: name)
        case .renamePet(let index, let name): renamePet(at: index, to: name)
        case .deletePet(let index): deletePet(at: index)
        case .openWindow: openWindow()
        case .closeWindow: closeWindow()
        case .switchWindow(let index): focus(windows[index].id)
        case .openInNewWindow(let index): openInNewWindow(pets[index].id)
        }
    }

    /// `route`'s page opens on top of the shown stack (an editor opens with the pet's fields,
    /// or with the changes left on the shelf for it).
    mutating func push(_ route: AppRoute) {
        if dialog.isEmpty { stacks[tab]!.append(route) } else { dialog.append(route) }
        if Self.isEditor(route) {
            let place = location
            editors[place] = openEditor(route, at: place)
        }
    }

    /// Runs `body` on the window `id` as the window acted on; `nil` if it is not open.
    @discardableResult
    mutating func inWindow<T>(_ id: Int, _ body: (inout NavigationModel) -> T) -> T? {
        guard let index = windows.firstIndex(where: { $0.id == id }) else { return nil }
        let outer = windows.indices.contains(active) ? windows[active].id : nil
        active = index
        let result = body(&self)
        active = windows.firstIndex { $0.id == outer } ?? focusedWindow
        return result
    }

    /// After every action: forgets the changes of editors that have left, and acts on the
    /// focused window again.
    mutating func tidy() {
        for index in windows.indices {
            let window = windows[index]
            windows[index].editors = window.editors.filter { Self.isEditor(window.routes(at: $0.key).last) }
        }
        active = focusedWindow
    }
}

/// A value the model carries that is no part of its state: any two are equal.
struct Unrecorded<Value: Sendable>: Hashable, Sendable {
    var value: Value

    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
