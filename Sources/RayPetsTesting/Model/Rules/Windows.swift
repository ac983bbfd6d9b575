import RayPets

/// The windows: Ctrl+N opens a window at Home, which becomes the focused one; *Open in New
/// Window* on a row of *My pets*, one on the pet's page (*My pets* below it). The user moves
/// between them at any time (another window's alert blocks only that window). Each window has
/// its own tab, stacks, dialog, editors and question; they share the pets.
extension NavigationModel {
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
}
