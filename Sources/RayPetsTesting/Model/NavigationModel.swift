import RayPets

/// A reference model of what RayPets' back stacks must be, written independently of the
/// coordinators: the selected tab, each tab's stack, and the dialog's stack, and what each
/// user action does to them. Walk tests compare the real routers with it after every step.
public struct NavigationModel: Hashable, Sendable {
    /// The tab shown.
    public var tab: AppTab = .clinic
    /// Each tab's routes, root first.
    public var stacks: [AppTab: [AppRoute]] = [.clinic: [.home], .learn: [.learn]]
    /// The dialog's routes; empty when it is closed.
    public var dialog: [AppRoute] = []
    /// The pets, in list order (the order they were added).
    public private(set) var pets: [Pet]
    /// Each stored appointment request (its id) by pet, oldest first.
    public private(set) var records: [Pet.ID: [Int64]] = [:]
    /// The open "Discard …?" question, if any.
    public private(set) var question: Question?
    /// Where an editor with changes is on top (its changes are lost if it leaves).
    private var dirty: [Location: String] = [:]
    /// The notes the walk saved, by pet (typing the saved text again is no change).
    private var savedNotes: [Pet.ID: String] = [:]
    /// Whether a question of the open appointment request is answered (the page after "Visit
    /// type" is open): choosing the pet alone is not asked about, and Back takes an answer back.
    private var answered: Bool { dialog.first == .petPicker && dialog.filter(\.isAppointmentQuestion).count > 1 }
    /// The window's width in pixels.
    public private(set) var width = 560
    /// The widths the walk resizes the window to (none: the window keeps its width).
    public let widths: [Int]
    private var nextRecord: Int64 = 1
    private var nextPet = 5  // the sample pets took 1 to 4
    private var namesUsed = 0

    /// The app as it starts (after the welcome page): Clinic tab on Home, Learn on its root,
    /// with `pets` stored and no appointment requests, in a window 560 pixels wide that the user
    /// resizes to each of `widths`.
    public init(pets: [Pet], widths: [Int] = []) {
        self.pets = pets
        self.widths = widths
    }

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
        public var exit: UserAction
    }

    private var location: Location { dialog.isEmpty ? .tab(tab) : .dialog }

    private func routes(at location: Location) -> [AppRoute] {
        switch location {
        case .tab(let tab): stacks[tab]!
        case .dialog: dialog
        }
    }

    private static func isEditor(_ route: AppRoute?) -> Bool {
        if case .editPet = route { return true }
        return route == .addPet
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

    /// What the user can do now: every button and row of the shown page, Back where there
    /// is somewhere to go back to, the dialog's ways out, and the tab switcher.
    public var availableActions: [UserAction] {
        var actions: [UserAction] = []
        if let question {
            // The alert is modal: its answers, or another exit requested while it waits
            // (it joins the open question).
            actions = [.answer(.keepEditing), .answer(.discard)] + (question.canSave ? [.answer(.save)] : [])
            actions += exits
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
            // Two texts, the one that differs from what is saved: the model's states stay
            // finite (the link tests search them all), and typing always changes the draft.
            if Self.isEditor(shownRoute) {
                var saved: String?
                if case .editPet(let pet) = shownRoute { saved = savedNotes[pet] }
                actions.append(.typeNote(saved == "Typed A" ? "Typed B" : "Typed A"))
            }
        }
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
        defer { tidy() }
        switch action {
        case .switchTab(let next): if dialog.isEmpty && question == nil { tab = next }
        case .back, .altLeft, .cancel, .escape, .closeDialog:
            if question != nil {
                // One question; the latest exit is made on yes. Back where there is nothing
                // to go back to never reaches the router (its action is disabled).
                let backAtRoot = (action == .back || action == .altLeft) && routes(at: location).count < 2
                if !backAtRoot { question?.exit = action }
            } else {
                requestExit(action, approved: [])
            }
        case .typeNote:
            if case .typeNote(let text) = action { dirty[location] = text }
        case .answer(let answer):
            guard let asked = question else { return }
            question = nil
            guard answer != .keepEditing else { return }
            if answer == .save, case .editor(let place) = asked.asking { saveNotes(at: place) }
            requestExit(asked.exit, approved: asked.approved.union([asked.asking]))
        case .chooseRow(let index): choose(row: index)
        case .resize(let newWidth): width = newWidth
        case .sidebarBack: if question == nil { requestExit(action, approved: []) }
        case .swipeBack(let committed):
            // Committed, the same Back as the button's (its guard asks; the page springs back
            // meanwhile); let go short, nothing changes.
            if committed && question == nil { requestExit(.back, approved: []) }
        case .chooseInSidebar(let pet):
            // The pet already shown stays as it is; another replaces what was beside the list.
            if question == nil && stacks[.clinic]!.last != .petDetail(pet) { requestExit(action, approved: []) }
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
            delete(pets[index].id)
        }
    }

    /// A deleted pet's pages leave every stack; a dialog about it closes; its records go.
    /// Not vetoable: a question about a page that left is dropped (a Back it waited for meant
    /// that page, which has gone; a destination is still made).
    private mutating func delete(_ pet: Pet.ID) {
        pets.removeAll { $0.id == pet }
        records[pet] = nil
        for tab in AppTab.allCases { stacks[tab]!.removeAll { $0.pet == pet } }
        if dialog.contains(where: { $0.pet == pet }) { dialog = [] }
        switch question?.asking {
        case .editor(let place) where !Self.isEditor(routes(at: place).last):
            let waiting = question!
            question = nil
            // A choice in the sidebar, or its Back, names a destination that is still wanted:
            // the router asks anew (nobody is left to ask) and goes there.
            switch waiting.exit {
            case .sidebarBack, .chooseInSidebar: requestExit(waiting.exit, approved: waiting.approved)
            default: break
            }
        case .appointmentRequest where dialog.isEmpty: question = nil
        default: break
        }
    }

    /// The guards an exit asks, top first.
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
        if editorLeaves && Self.isEditor(stack.last) && dirty[place] != nil { leaving.append(.editor(place)) }
        if place == .dialog && exit != .back && exit != .altLeft && answered {
            leaving.append(.appointmentRequest)
        }
        return leaving
    }

    /// Asks the first guard `exit` has not yet been approved by, or makes the exit.
    private mutating func requestExit(_ exit: UserAction, approved: Set<Guarded>) {
        if let next = guards(of: exit).first(where: { !approved.contains($0) }) {
            switch next {
            case .editor(let place):
                if case .editPet = routes(at: place).last {
                    question = Question(subject: .changes, canSave: true, asking: next, approved: approved, exit: exit)
                } else {
                    question = Question(subject: .changes, canSave: false, asking: next, approved: approved, exit: exit)
                }
            case .appointmentRequest:
                question = Question(subject: .answers, canSave: false, asking: next, approved: approved, exit: exit)
            }
            return
        }
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

    /// The editor at `place` saved what was typed into its Notes.
    private mutating func saveNotes(at place: Location) {
        if case .editPet(let pet) = routes(at: place).last, let text = dirty[place] { savedNotes[pet] = text }
    }

    /// Forgets changes whose pages have left.
    private mutating func tidy() {
        dirty = dirty.filter { Self.isEditor(routes(at: $0.key).last) }
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
        case (.petDetail(let pet), "Delete"): delete(pet)
        case (.editPet, "Save"):
            saveNotes(at: location)
            stacks[tab]!.removeLast()
        case (.appointmentRecord(let pet, let record), "Delete"):
            records[pet]?.removeAll { $0 == record }
            for tab in AppTab.allCases {
                stacks[tab]!.removeAll { $0 == .appointmentRecord(pet: pet, record: record) }
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
