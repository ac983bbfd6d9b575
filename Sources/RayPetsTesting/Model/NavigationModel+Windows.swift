import RayPets

/// The windows, and what one window's action or a change of the records does to the others.
///
/// - Ctrl+N opens a window at Home, which becomes the focused one; *Open in New Window* on a
///   row of *My pets*, one on the pet's page.
/// - Ctrl+W on one window of several asks its routers in turn, the dialog's first (its editor,
///   then the appointment request), then the Clinic tab's (its editor): a guard that agrees
///   lets its pages leave; *Keep editing* keeps the window (with what has left gone). When all
///   agree, the window goes and the window focused before it is focused. A question open in
///   the window is taken over by the close (the request it waited for gives up); a second
///   Ctrl+W while the close asks waits for the same answer. The last window is not closed
///   (that quits), and a window is the last when every other one is itself closing.
/// - Delete on a pet's page asks every window open then, in the order they were opened, and
///   changes nothing while it asks. A window whose close is asking answers by that close
///   (closed: yes; kept: no). Else, if its Clinic tab has the pet's editor (guarded, with
///   changes or not) on top of the pet's pages: a question open there is joined (made: the
///   Delete asks again what is still there; refused: so is the Delete); an editor with
///   changes asks ("Discard changes?" about a pet being deleted: *Keep editing* or *Discard*,
///   which agrees and keeps the fields); one without agrees at once, and its pages stay.
///   *Keep editing*, or a later request in that window, refuses the Delete: nothing is
///   deleted and nothing leaves anywhere. A close of that window takes its question over: the
///   close decides. When every window agreed, the pet is deleted — also if the user left the
///   *My pets* where Delete was pressed, or closed its window, meanwhile — and every window's
///   pages of it leave.
/// - While a Delete asks, an editor of its pet in a window open when it was pressed asks about
///   a pet being deleted, whatever it is asked for.
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
        /// The windows open when Delete was pressed: while it asks, an editor of the pet in
        /// one of them asks about a pet being deleted (`DiscardSubject.changesToDeletedPet`,
        /// without *Save*), whatever it was asked for.
        let informed: Set<Int>
        /// The windows not asked yet, in the order they were opened (those open when Delete
        /// was pressed: a window opened later is not asked).
        var toAsk: [Int]
    }

    // MARK: Windows

    /// The window actions the focused window offers (none with `maxWindows` 1): a new window
    /// while it asks nothing, Ctrl+W and a move to any other window at any time (another
    /// window's alert blocks only that window).
    var windowActions: [UserAction] {
        guard maxWindows > 1 else { return [] }
        var actions: [UserAction] = []
        if question == nil && windows.count < maxWindows {
            actions.append(.openWindow)
            if shownRoute == .pets { actions += pets.indices.map(UserAction.openInNewWindow) }
        }
        // Ctrl+W, while a question asks too (the close takes it over, or joins the close
        // asking): a window whose close waits for an answer counts as gone, and closing the
        // last window quits the app, which a walk cannot follow.
        let here = windows[focusedWindow]
        if Self.isClosing(here) || windows.contains(where: { $0.id != here.id && !Self.isClosing($0) }) {
            actions.append(.closeWindow)
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
    /// edits or saves a pet, or types into its editor, while another window has a page of the
    /// same pet; saves over a pet changed since the editor read it; moves to a
    /// window that asks, or that shares a pet with this one (or shows *My pets*, a click away
    /// from them); closes a window with unsaved work, or a Delete's question open; deletes a
    /// pet another window edits, or while another window asks; or goes Back while a Delete
    /// waits for the question open.
    /// A walk favours these: by chance the rules between windows (a Delete asking another
    /// window's editor, joining a question or a close there, a Save refused after another
    /// window's) are rarely walked.
    public func isInterplay(_ action: UserAction) -> Bool {
        let here = windows[active]
        func petsOn(_ window: Window) -> Set<Pet.ID> { Set(window.stacks[.clinic]!.compactMap(\.pet)) }
        func elsewhere(_ pet: Pet.ID?) -> Bool {
            guard let pet else { return false }
            return windows.contains { $0.id != here.id && petsOn($0).contains(pet) }
        }
        switch action {
        case .openInNewWindow: return true
        case .closeWindow:
            guard let asked = question else {
                return hasChangedEditor(at: .tab(.clinic)) || hasChangedEditor(at: .dialog) || answered
            }
            // Taking a Delete's question over, or joining a close that Deletes wait for (other
            // second Ctrl+Ws are walked by chance).
            switch asked.exit {
            case .deletePet: return true
            case .closeWindow: return !windows[active].deletesWaitingForClose.isEmpty
            case .user: return !asked.joined.isEmpty
            }
        case .switchWindow(let index):
            let there = windows[index]
            let listed = { (window: Window) in window.stacks[.clinic]!.last == .pets && window.tab == .clinic }
            return there.question != nil || !petsOn(there).isDisjoint(with: petsOn(here))
                || (listed(there) && !petsOn(here).isEmpty) || (listed(here) && !petsOn(there).isEmpty)
        case .back, .altLeft:
            // Replacing a Delete's request (it is refused).
            guard let asked = question, asked.asking.location == location, routes(at: location).count > 1 else {
                return false
            }
            if case .deletePet = asked.exit { return true }
            return !asked.joined.isEmpty
        case .chooseRow(let index): return shownRoute == .pets && elsewhere(pets[index].id)
        case .chooseInSidebar(let pet): return elsewhere(pet)
        case .press("Save"): return elsewhere(shownRoute.pet) || savesOverAChange(at: location)
        case .answer(.save): return question.map { savesOverAChange(at: $0.asking.location) } ?? false
        case .press("Delete"):
            // Where another window edits the pet, or asks (a close asking answers a Delete; a
            // Delete that would just be made ends the pet's pages, and with them the meeting).
            guard case .petDetail(let pet) = shownRoute else { return false }
            return windows.contains {
                $0.id != here.id && ($0.question != nil || $0.stacks[.clinic]!.last == .editPet(pet))
            }
        case .press("Edit"), .typeNote: return elsewhere(shownRoute.pet)
        default: return false
        }
    }

    /// Whether `action` starts a rule between windows now, which a walk seldom reaches even
    /// among the interplay: a Delete that asks another window's editor, or that joins a
    /// question or a close asking there (when no other Delete waits), or a Ctrl+W that takes
    /// a Delete's question over. Only Delete and Ctrl+W are tried (on a copy of the model).
    public func startsRuleBetweenWindows(_ action: UserAction) -> Bool {
        guard action == .press("Delete") || action == .closeWindow else { return false }
        var next = self
        next.apply(action)
        return next.events.contains { event in
            switch event {
            case .deleteAsked, .deleteTakenOverByClose: true
            case .deleteJoined, .deleteWaitsForClose: deletes.isEmpty
            default: false
            }
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

    /// Whether the window's close (Ctrl+W) is asking: the question open there waits for it.
    static func isClosing(_ window: Window) -> Bool { window.question?.exit == .closeWindow }

    /// Ctrl+W on the focused window, one of several (closing the last one quits). Its close
    /// asks its routers in turn; a question open there is taken over (the close's request
    /// replaces the one that waited: a Delete it asked for then waits for the close); a close
    /// already asking there is joined (the same answer, no second question).
    mutating func closeWindow() {
        guard windows.count > 1 else { return }
        if let asked = question {
            if asked.exit == .closeWindow {
                events.append(.closeJoined)
            } else {
                join(.closeWindow)
                events.append(.closeAsked)
            }
            return
        }
        let id = windows[active].id
        continueClose(approved: [])
        if windows.contains(where: { $0.id == id && $0.question != nil }) { events.append(.closeAsked) }
    }

    /// Closing the window being acted on, from where it is: each router's guards not yet
    /// approved ask in turn, the dialog's first; when none is left, the window goes, and the
    /// Deletes that waited for its close go on (it agreed).
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
        let waiting = windows[active].deletesWaitingForClose
        windows.removeAll { $0.id == id }
        focusOrder.removeAll { $0 == id }
        active = focusedWindow
        events.append(.windowClosed)
        // They wait for the close task's value: the last to wait is woken first.
        for request in waiting.reversed() { resumeDelete(request) }
    }

    /// A later request joined the open question: the exit that waited gives up (a close is
    /// kept, a Delete is refused, or waits for the close that took its place) and so do the
    /// Deletes that waited with it; the new one waits instead.
    mutating func join(_ exit: Exit) {
        guard var asked = question else { return }
        let (earlier, joined) = (asked.exit, asked.joined)
        asked.exit = exit
        asked.joined = []
        question = asked
        giveUp(earlier, joined: joined, replaced: true)
    }

    /// `exit` was refused, and with it the Deletes `joined` to it (they waited for its
    /// answer); `replaced`: by a later request.
    mutating func giveUp(_ exit: Exit, joined: [Int], replaced: Bool = false) {
        switch exit {
        case .user: break
        case .closeWindow:
            events.append(.closeKept)
            let waiting = windows[active].deletesWaitingForClose
            windows[active].deletesWaitingForClose = []
            for request in waiting.reversed() { concludeDelete(request, made: false) }
        case .deletePet(_, let request): refuseAsk(of: request, replaced: replaced)
        }
        for request in joined { refuseAsk(of: request, replaced: replaced) }
    }

    // MARK: Delete, asked in every window

    /// Delete pressed on `pet`'s page in the window being acted on.
    mutating func startDelete(of pet: Pet.ID) {
        let id = nextDelete.value
        nextDelete.value += 1
        let open = windows.map(\.id)
        deletes.append(PendingDelete(id: id, pet: pet, window: windows[active].id, informed: Set(open), toAsk: open))
        resumeDelete(id)
    }

    /// Asks the windows the Delete `id` has not asked yet, until one makes it wait; when
    /// every one agreed, the pet is deleted.
    mutating func resumeDelete(_ id: Int) {
        while let index = deletes.firstIndex(where: { $0.id == id }), let next = deletes[index].toAsk.first {
            deletes[index].toAsk.removeFirst()
            let pet = deletes[index].pet
            if inWindow(next, { $0.askToRemove(pet, request: id) }) == true { return }
        }
        concludeDelete(id, made: true)
    }

    /// The Delete `id` is over: every window agreed (`made`: the pet is deleted, unless it was
    /// deleted meanwhile), or one refused.
    mutating func concludeDelete(_ id: Int, made: Bool) {
        guard let index = deletes.firstIndex(where: { $0.id == id }) else { return }
        let request = deletes.remove(at: index)
        events.append(made ? .deleteMade : .deleteKept)
        if made && pets.contains(where: { $0.id == request.pet }) { deleteEverywhere(request.pet) }
    }

    /// The Delete `request` asks the window being acted on. A window whose close is asking
    /// answers by that close (the Delete waits for it). Else, if the pet's pages on its Clinic
    /// tab include its editor (guarded, changes or not): a question open there is joined; an
    /// editor with changes asks ("Discard changes?" about a pet being deleted); one without
    /// agrees at once. Nothing leaves. Whether the Delete waits here.
    mutating func askToRemove(_ pet: Pet.ID, request: Int) -> Bool {
        if Self.isClosing(windows[active]) {
            windows[active].deletesWaitingForClose.append(request)
            events.append(.deleteWaitsForClose)
            return true
        }
        let stack = stacks[.clinic]!
        guard let first = stack.firstIndex(where: { $0.pet == pet }), stack[first...].contains(where: Self.isEditor)
        else { return false }
        if let asked = question, asked.asking.location == .tab(.clinic) {
            question!.joined.append(request)
            events.append(.deleteJoined)
            return true
        }
        guard hasChangedEditor(at: .tab(.clinic)) else { return false }
        ask(.editor(.tab(.clinic)), exit: .deletePet(pet, request: request), approved: [])
        events.append(.deleteAsked)
        return true
    }

    /// The Delete `request` of `pet` asked the window being acted on, and its guards agreed
    /// so far (`approved`; or its page left): one not asked yet asks, or the Delete asks on.
    /// Then the Deletes `joined` to it ask this window again.
    mutating func continueRemoval(of pet: Pet.ID, request: Int, approved: Set<Guarded>, joined: [Int]) {
        let stack = stacks[.clinic]!
        let editor = Guarded.editor(.tab(.clinic))
        if let first = stack.firstIndex(where: { $0.pet == pet }), stack[first...].contains(where: Self.isEditor),
            hasChangedEditor(at: .tab(.clinic)) && !approved.contains(editor)
        {
            return ask(editor, exit: .deletePet(pet, request: request), approved: approved, joined: joined)
        }
        let here = windows[active].id
        resumeDelete(request)
        inWindow(here) { $0.askAgain(joined) }
    }

    /// The request the Deletes `joined` waited for in the window being acted on was made:
    /// each asks this window again (what is still there), then the others, in the order they
    /// joined.
    mutating func askAgain(_ joined: [Int]) {
        let here = windows[active].id
        for request in joined {
            guard let index = deletes.firstIndex(where: { $0.id == request }) else { continue }
            deletes[index].toAsk.insert(here, at: 0)
            resumeDelete(request)
        }
    }

    /// The window being acted on refused the Delete `request` (its question was answered
    /// *Keep editing*, or a later request replaced it): refused, unless the window's close took
    /// the question over: then the Delete waits for the close.
    mutating func refuseAsk(of request: Int, replaced: Bool) {
        if Self.isClosing(windows[active]) {
            windows[active].deletesWaitingForClose.append(request)
            events.append(.deleteTakenOverByClose)
        } else {
            if replaced { events.append(.deleteReplaced) }
            concludeDelete(request, made: false)
        }
    }

    // MARK: The records change under every window

    /// `pet` is deleted: its pages leave every window's stacks, a dialog about it closes, its
    /// records go. Not vetoable: a question about a page that left is dropped (a Back it
    /// waited for meant that page, which has gone; a destination is still made; a window's
    /// close or a Delete that waited, and the Deletes joined to it, go on once every window
    /// has followed).
    mutating func deleteEverywhere(_ pet: Pet.ID) {
        pets.removeAll { $0.id == pet }
        records[pet] = nil
        var waiting: [(window: Int, dropped: Dropped)] = []
        for id in windows.map(\.id) {
            if let dropped = inWindow(id, { $0.followDeletion(of: pet) }) ?? nil { waiting.append((id, dropped)) }
        }
        for (id, dropped) in waiting {
            inWindow(id) {
                if let exit = dropped.exit {
                    $0.requestExit(exit, approved: dropped.approved, joined: dropped.joined)
                } else {
                    $0.askAgain(dropped.joined)
                }
            }
        }
    }

    /// What a deletion dropped in one window, to go on once every window has followed: the
    /// exit that waited (`nil`: made already) and the Deletes joined to it.
    struct Dropped {
        var exit: Exit?
        var approved: Set<Guarded>
        var joined: [Int]
    }

    /// The window being acted on follows the deletion of `pet`. Returns what waited for a
    /// question it dropped.
    private mutating func followDeletion(of pet: Pet.ID) -> Dropped? {
        for tab in AppTab.allCases { stacks[tab]!.removeAll { $0.pet == pet } }
        if dialog.contains(where: { $0.pet == pet }) { dialog = [] }
        guard let waiting = question else { return nil }
        switch waiting.asking {
        case .editor(let place) where !Self.isEditor(routes(at: place).last): break
        case .appointmentRequest where dialog.isEmpty: break
        default: return nil
        }
        question = nil
        var dropped = Dropped(exit: waiting.exit, approved: waiting.approved, joined: waiting.joined)
        switch waiting.exit {
        case .user(.sidebarBack), .user(.chooseInSidebar):
            // A choice in the sidebar, or its Back, names a destination that is still wanted:
            // the router asks anew (nobody is left to ask) and goes there.
            requestExit(waiting.exit, approved: waiting.approved)
            dropped.exit = nil
        case .user: dropped.exit = nil
        case .closeWindow, .deletePet: break
        }
        return dropped
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
