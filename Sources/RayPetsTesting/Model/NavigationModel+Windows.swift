import RayPets

/// The windows, and what one window's action or a change of the records does to the others.
///
/// - Ctrl+N opens a window at Home, which becomes the focused one; *Open in New Window* on a
///   row of *My pets*, one on the pet's page.
/// - Ctrl+W on one window of several asks its routers in turn, the dialog's first (its editor,
///   then the appointment request), then the Clinic tab's (its editor): a guard that agrees
///   lets its pages leave; *Keep editing* keeps the window (with what has left gone). When all
///   agree, the window goes and the window focused before it is focused.
/// - Delete on a pet's page first asks every window open then, in the order they were opened,
///   whose Clinic tab has the pet's editor on top of the pet's pages: without changes they
///   leave at once; with changes the editor asks there ("Discard changes?") and the delete
///   waits for the answer. *Keep editing* (or a refused *Save*) keeps everything and the pet;
///   when every window agreed the pet is deleted — also if the user left the *My pets* where
///   Delete was pressed, or closed its window, meanwhile — and every window's pages of it leave.
/// - A pet deleted leaves every window's pages of it (not vetoable); a question whose page
///   left is dropped, and a close or a Delete that waited for it goes on.
extension NavigationModel {
    /// A Delete pressed on a pet's page, while it asks the windows whether the pet's editors
    /// may leave.
    struct PendingDelete: Hashable, Sendable {
        /// Names the Delete.
        let id: Int
        /// The pet to delete.
        let pet: Pet.ID
        /// The window where Delete was pressed.
        let window: Int
        /// The windows not asked yet, in the order they were opened (those open when Delete
        /// was pressed: a window opened later is not asked).
        var toAsk: [Int]
    }

    // MARK: Windows

    /// The window actions the focused window offers (none with `maxWindows` 1): a new window
    /// and Ctrl+W while it asks nothing, and a move to any other window at any time (another
    /// window's alert blocks only that window).
    var windowActions: [UserAction] {
        guard maxWindows > 1 else { return [] }
        var actions: [UserAction] = []
        if question == nil {
            if windows.count < maxWindows {
                actions.append(.openWindow)
                if shownRoute == .pets { actions += pets.indices.map(UserAction.openInNewWindow) }
            }
            // Ctrl+W on one of several: a window whose close waits for an answer counts as
            // gone (closing the last window quits the app, which a walk cannot follow).
            if windows.filter({ $0.question?.exit != .closeWindow }).count > 1 { actions.append(.closeWindow) }
        }
        actions += windows.indices.filter { $0 != focusedWindow }.map(UserAction.switchWindow)
        return actions
    }

    /// Ctrl+N: a window at Home, focused.
    mutating func openWindow() {
        guard windows.count < maxWindows else { return }
        windows.append(Window(id: nextWindow, width: Self.windowWidth))
        focusOrder.append(nextWindow)
        nextWindow += 1
        active = focusedWindow
    }

    /// Whether `action` makes windows meet: it opens a pet's page in a new window; chooses,
    /// edits, deletes or saves a pet, or types into its editor, while another window has a
    /// page of the same pet; saves over a pet changed since the editor read it; moves to a
    /// window that asks, or that shares a pet with this one (or shows *My pets*, a click away
    /// from them); or closes a window with unsaved work.
    /// A walk favours these: by chance the rules between windows (a Delete asking another
    /// window's editor, a Save refused after another window's) are rarely walked.
    public func isInterplay(_ action: UserAction) -> Bool {
        let here = windows[active]
        func petsOn(_ window: Window) -> Set<Pet.ID> { Set(window.stacks[.clinic]!.compactMap(\.pet)) }
        func elsewhere(_ pet: Pet.ID?) -> Bool {
            guard let pet else { return false }
            return windows.contains { $0.id != here.id && petsOn($0).contains(pet) }
        }
        switch action {
        case .openInNewWindow: return true
        case .closeWindow: return hasChangedEditor(at: .tab(.clinic)) || hasChangedEditor(at: .dialog) || answered
        case .switchWindow(let index):
            let there = windows[index]
            let listed = { (window: Window) in window.stacks[.clinic]!.last == .pets && window.tab == .clinic }
            return there.question != nil || !petsOn(there).isDisjoint(with: petsOn(here))
                || (listed(there) && !petsOn(here).isEmpty) || (listed(here) && !petsOn(there).isEmpty)
        case .chooseRow(let index): return shownRoute == .pets && elsewhere(pets[index].id)
        case .chooseInSidebar(let pet): return elsewhere(pet)
        case .press("Save"): return elsewhere(shownRoute.pet) || savesOverAChange(at: location)
        case .answer(.save): return question.map { savesOverAChange(at: $0.asking.location) } ?? false
        case .press("Edit"), .press("Delete"), .typeNote: return elsewhere(shownRoute.pet)
        default: return false
        }
    }

    /// Whether the editor at `place` would save over a pet changed since it read it.
    private func savesOverAChange(at place: Location) -> Bool {
        guard let editor = editors[place], let pet = editor.pet, let stored = pets.first(where: { $0.id == pet })
        else { return false }
        return editor.base != Fields(stored)
    }

    /// *Open in New Window* on `pet`'s row: a new window, focused, on the pet's page with the
    /// pages a user's clicks put below it.
    mutating func openInNewWindow(_ pet: Pet.ID) {
        guard windows.count < maxWindows else { return }
        openWindow()
        stacks[.clinic] = [.home, .pets, .petDetail(pet)]
    }

    /// The user moves to the window `id`.
    mutating func focus(_ id: Int) {
        focusOrder.removeAll { $0 == id }
        focusOrder.append(id)
        active = focusedWindow
    }

    /// Ctrl+W on the focused window (one of several, with no question open in it).
    mutating func closeWindow() {
        guard windows.count > 1, question == nil else { return }
        let id = windows[active].id
        continueClose(approved: [])
        if windows.contains(where: { $0.id == id && $0.question != nil }) { events.append(.closeAsked) }
    }

    /// Closing the window being acted on, from where it is: each router's guards not yet
    /// approved ask in turn, the dialog's first; when none is left, the window goes.
    mutating func continueClose(approved: Set<Guarded>) {
        if !dialog.isEmpty {
            var guards: [Guarded] = []
            if hasChangedEditor(at: .dialog) { guards.append(.editor(.dialog)) }
            if answered { guards.append(.appointmentRequest) }
            if let next = guards.first(where: { !approved.contains($0) }) {
                return ask(next, exit: .closeWindow, approved: approved)
            }
            dialog = []
        }
        let clinicEditor = Guarded.editor(.tab(.clinic))
        if hasChangedEditor(at: .tab(.clinic)) && !approved.contains(clinicEditor) {
            return ask(clinicEditor, exit: .closeWindow, approved: approved)
        }
        let id = windows[active].id
        windows.removeAll { $0.id == id }
        focusOrder.removeAll { $0 == id }
        active = focusedWindow
        events.append(.windowClosed)
    }

    /// A later request joined the open question: the exit that waited gives up (a close is
    /// kept, a Delete is not made) and the new one waits instead.
    mutating func join(_ exit: Exit) {
        guard var asked = question else { return }
        giveUp(asked.exit)
        asked.exit = exit
        question = asked
    }

    /// `exit` was refused.
    mutating func giveUp(_ exit: Exit) {
        switch exit {
        case .user: break
        case .closeWindow: events.append(.closeKept)
        case .deletePet(_, let request):
            deletes.removeAll { $0.id == request }
            events.append(.deleteKept)
        }
    }

    // MARK: Delete, asked in every window

    /// Delete pressed on `pet`'s page in the window being acted on.
    mutating func startDelete(of pet: Pet.ID) {
        let id = nextDelete.value
        nextDelete.value += 1
        deletes.append(PendingDelete(id: id, pet: pet, window: windows[active].id, toAsk: windows.map(\.id)))
        resumeDelete(id)
    }

    /// Asks the windows the Delete `id` has not asked yet; when all agreed, deletes.
    mutating func resumeDelete(_ id: Int) {
        while let index = deletes.firstIndex(where: { $0.id == id }), let next = deletes[index].toAsk.first {
            deletes[index].toAsk.removeFirst()
            let pet = deletes[index].pet
            if inWindow(next, { $0.askToRemove(pet, request: id) }) == true { return }
        }
        guard let index = deletes.firstIndex(where: { $0.id == id }) else { return }
        let request = deletes.remove(at: index)
        // Deleted meanwhile (from outside): nothing is left to delete.
        if pets.contains(where: { $0.id == request.pet }) { deleteEverywhere(request.pet) }
    }

    /// The Delete `request` of `pet` asks the window being acted on: if the pet's pages on its
    /// Clinic tab include its editor, they leave now when it has no changes; with changes its
    /// question opens (or the question open there takes this request). Whether the Delete
    /// waits for an answer here.
    mutating func askToRemove(_ pet: Pet.ID, request: Int) -> Bool {
        let stack = stacks[.clinic]!
        guard let first = stack.firstIndex(where: { $0.pet == pet }), stack[first...].contains(where: Self.isEditor)
        else { return false }
        if let asked = question, asked.asking.location == .tab(.clinic) {
            join(.deletePet(pet, request: request))
            events.append(.deleteAsked)
            return true
        }
        if hasChangedEditor(at: .tab(.clinic)) {
            ask(.editor(.tab(.clinic)), exit: .deletePet(pet, request: request), approved: [])
            events.append(.deleteAsked)
            return true
        }
        stacks[.clinic] = Array(stack[..<first])
        return false
    }

    /// The question in the window being acted on agreed to the Delete `request` (or its page
    /// left): the pet's pages on the Clinic tab leave, and the Delete asks on.
    mutating func continueRemoval(of pet: Pet.ID, request: Int, approved: Set<Guarded>) {
        let stack = stacks[.clinic]!
        if let first = stack.firstIndex(where: { $0.pet == pet }) {
            let editor = Guarded.editor(.tab(.clinic))
            if hasChangedEditor(at: .tab(.clinic)) && !approved.contains(editor) {
                return ask(editor, exit: .deletePet(pet, request: request), approved: approved)
            }
            stacks[.clinic] = Array(stack[..<first])
        }
        resumeDelete(request)
    }

    // MARK: The records change under every window

    /// `pet` is deleted: its pages leave every window's stacks, a dialog about it closes, its
    /// records go. Not vetoable: a question about a page that left is dropped (a Back it
    /// waited for meant that page, which has gone; a destination is still made; a window's
    /// close or a Delete that waited goes on once every window has followed).
    mutating func deleteEverywhere(_ pet: Pet.ID) {
        pets.removeAll { $0.id == pet }
        records[pet] = nil
        var waiting: [(window: Int, question: Question)] = []
        for id in windows.map(\.id) {
            if let dropped = inWindow(id, { $0.followDeletion(of: pet) }) ?? nil { waiting.append((id, dropped)) }
        }
        for (id, dropped) in waiting {
            inWindow(id) { $0.requestExit(dropped.exit, approved: dropped.approved) }
        }
    }

    /// The window being acted on follows the deletion of `pet`. Returns a dropped question
    /// whose close or Delete goes on after every window has followed.
    private mutating func followDeletion(of pet: Pet.ID) -> Question? {
        for tab in AppTab.allCases { stacks[tab]!.removeAll { $0.pet == pet } }
        if dialog.contains(where: { $0.pet == pet }) { dialog = [] }
        guard let waiting = question else { return nil }
        switch waiting.asking {
        case .editor(let place) where !Self.isEditor(routes(at: place).last): break
        case .appointmentRequest where dialog.isEmpty: break
        default: return nil
        }
        question = nil
        switch waiting.exit {
        case .user(.sidebarBack), .user(.chooseInSidebar):
            // A choice in the sidebar, or its Back, names a destination that is still wanted:
            // the router asks anew (nobody is left to ask) and goes there.
            requestExit(waiting.exit, approved: waiting.approved)
            return nil
        case .user: return nil
        case .closeWindow, .deletePet: return waiting
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
