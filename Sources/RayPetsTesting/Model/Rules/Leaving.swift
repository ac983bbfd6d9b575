import RayPets

/// Leaving: Back, Alt+Left, Back's history, a swipe, and in the dialog Cancel, Escape and the close button (a
/// choice in the sidebar and its Back too, `Sidebar.swift`) ask the leave guards of the pages
/// that would leave, top first — the editor with changes ("Discard changes?", with *Save* for a
/// pet's editor), then the appointment request once a question is answered ("Discard
/// answers?"; Back alone does not ask it) — and make the change when every guard agreed.
/// *Keep editing* (or a *Save* refused) gives it up.
extension NavigationModel {
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

    /// The ways out the shown stack offers: Back where its button is visible, Alt+Left
    /// anywhere (it does nothing on a root page, which is worth walking too), and in the dialog
    /// Cancel, Escape and its close button.
    var exits: [UserAction] {
        var actions: [UserAction] = []
        // Split, the header bar's Back hides; the content's Back (the same action) shows
        // beside a chosen pet.
        let canGoBack = dialog.isEmpty ? (isSplit ? hasContent : stacks[tab]!.count > 1) : dialog.count > 1
        if canGoBack { actions.append(.back) }
        // Back's history, where the header bar's Back button shows (not beside a sidebar).
        if canGoBack && (!dialog.isEmpty || !isSplit) {
            actions += (0..<(routes(at: location).count - 1)).map(UserAction.backInHistory)
        }
        actions.append(.altLeft)
        if !dialog.isEmpty { actions += [.cancel, .escape, .closeDialog] }
        return actions
    }

    /// The open question's answer. Yes (*Discard*, or *Save* that saved) lets the exit go on;
    /// no (*Keep editing*, or *Save* refused because the pet changed elsewhere) gives it up.
    mutating func answer(_ answer: DiscardAnswer) {
        guard let asked = question else { return }
        question = nil
        var agreed = answer != .keepEditing
        if answer == .save, case .editor(let place) = asked.asking { agreed = save(at: place) }
        // *Discard* takes the editor's changes back: nothing of them is shelved.
        if answer == .discard, case .editor(let place) = asked.asking, let editor = editors[place] {
            editors[place]?.fields.notes = editor.savedNotes
        }
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
    func guards(of exit: UserAction) -> [Guarded] {
        let place = location
        let stack = routes(at: place)
        var leaving: [Guarded] = []
        let editorLeaves: Bool
        switch exit {
        case .back, .altLeft: editorLeaves = stack.count > 1
        case .backInHistory(let index): editorLeaves = index + 1 < stack.count  // the top page leaves
        case .sidebarBack, .chooseInSidebar, .addInSidebar: editorLeaves = true  // everything above My pets
        default: editorLeaves = place == .dialog  // Cancel, Escape, close: the whole dialog
        }
        if editorLeaves && hasChangedEditor(at: place) { leaving.append(.editor(place)) }
        if place == .dialog && exit != .back && exit != .altLeft && !exit.isBackInHistory && answered {
            leaving.append(.appointmentRequest)
        }
        return leaving
    }

    /// A user's exit asks nothing (`Forward.swift`): Back and the sidebar's Back keep the
    /// pages they take for Forward; a choice in the sidebar replaces what was beside it (an
    /// editor with changes leaves them on the shelf); Cancel, Escape and the close button keep
    /// the dialog's pages when a guard would lose something (answers given, an editor's
    /// changes), and end them otherwise.
    ///
    /// The one exception: an editor with changes whose pet a Delete (in any window) is waiting
    /// to delete asks ("Discard changes?" about a pet being deleted), as nothing could bring it
    /// back.
    mutating func requestUserExit(_ exit: UserAction, approved: Set<Guarded>, joined: [Int]) {
        if let next = guards(of: exit).first(where: { !approved.contains($0) }), case .editor(let place) = next,
            case .editPet(let pet) = routes(at: place).last,
            deletes.contains(where: { $0.pet == pet && $0.informed.contains(windows[active].id) })
        {
            return ask(next, exit: .user(exit), approved: approved, joined: joined)
        }
        defer { askAgain(joined) }
        let clinic = Location.tab(.clinic)
        // A Back whose question was answered yes (*Discard*, *Save*) keeps nothing.
        let keeps = approved.isEmpty
        switch exit {
        case .back, .altLeft:
            let count = routes(at: location).count
            if count > 1 { leave(from: count - 1, at: location, keeping: keeps) }
        case .backInHistory(let index):
            if index + 1 < routes(at: location).count { leave(from: index + 1, at: location, keeping: keeps) }
        case .sidebarBack:
            if let index = petsIndex { leave(from: index, at: clinic, keeping: keeps) }
        case .addInSidebar:
            guard let index = petsIndex else { return }
            if let editor = editors[clinic], let route = stacks[.clinic]!.last { shelve(route, editor) }
            editors[clinic] = nil
            stacks[.clinic] = Array(stacks[.clinic]![...index])
            push(.addPet)
        case .chooseInSidebar(let pet):
            guard let index = petsIndex else { return }
            stacks[.clinic] = Array(stacks[.clinic]![...index])
            // A pet deleted while the alert asked is not shown.
            if pets.contains(where: { $0.id == pet }) { stacks[.clinic]!.append(.petDetail(pet)) }
        default:
            let kept = keeps && (answered || hasChangedEditor(at: .dialog))
            leave(from: 0, at: .dialog, keeping: kept)
        }
    }

    /// The pages above the first `count` of the stack at `place` leave: kept for Forward, or
    /// ended (and with them what was kept ahead: `followForward`).
    mutating func leave(from count: Int, at place: Location, keeping: Bool) {
        if keeping { return keepForForward(from: count, at: place) }
        let stack = routes(at: place)
        guard count < stack.count else { return }
        switch place {
        case .tab(let tab): stacks[tab] = Array(stack[..<count])
        case .dialog: dialog = Array(stack[..<count])
        }
    }
}
