import RayPets

/// Delete on a pet's page asks every window open then, in the order they were opened, and
/// changes nothing while it asks. A window whose close is asking answers by that close (closed:
/// yes; kept: no). Else, if its Clinic tab has the pet's editor (guarded, with changes or not)
/// on top of the pet's pages: a question open there is joined (made: the Delete asks again
/// what is still there; refused: so is the Delete); an editor with changes asks ("Discard
/// changes?" about a pet being deleted: *Keep editing* or *Discard*, which agrees and keeps the
/// fields); one without agrees at once, and its pages stay. *Keep editing*, or a later request
/// in that window, refuses the Delete: nothing is deleted and nothing leaves anywhere. A close
/// of that window takes its question over: the close decides. When every window agreed, the
/// pet is deleted — also if the user left the *My pets* where Delete was pressed, or closed its
/// window, meanwhile — and every window's pages of it leave (`RecordChanges.swift`).
///
/// While a Delete asks, an editor of its pet in a window open when it was pressed asks about a
/// pet being deleted, whatever it is asked for.
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
}
