import RayPets

/// The records change under the pages, as from another program: a pet added, renamed or
/// deleted (a few pets at most, so lists stay short). A pet deleted leaves every window's pages
/// of it (not vetoable); a question whose page left is dropped, and a close or a Delete that
/// waited for it goes on.
extension NavigationModel {
    /// The changes of the records that can come now.
    var recordChanges: [UserAction] {
        var actions: [UserAction] = []
        if pets.count < 6 { actions.append(.addPet("Pet \(namesUsed + 1)")) }
        if !pets.isEmpty {
            actions.append(.renamePet(namesUsed % pets.count, "Pet \(namesUsed + 1)"))
            actions.append(.deletePet(namesUsed % pets.count))
        }
        return actions
    }

    /// A pet called `name` is added, at the end of the list.
    mutating func addPet(named name: String) {
        namesUsed += 1
        pets.append(Pet(id: "pet-\(nextPet)", name: name, species: .dog, age: nil))
        nextPet += 1
    }

    /// Pet `index` (in list order) is renamed `name`.
    mutating func renamePet(at index: Int, to name: String) {
        namesUsed += 1
        pets[index].name = name
    }

    /// Pet `index` (in list order) is deleted.
    mutating func deletePet(at index: Int) {
        namesUsed += 1
        deleteEverywhere(pets[index].id)
    }

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
        // Its pages leave forward history too; the other pages stay there.
        dropForwardPages(of: pet)
        for place in Self.locations { touched.value.insert(Touch(window: windows[active].id, place: place)) }
        if dialog.contains(where: { $0.pet == pet }) {
            dialog = []
            dropForward(at: .dialog)
        }
        // An open editor it took away ends now, its changes on the shelf (before a close that
        // waited for it takes the window, and its shelf, away).
        for place in Self.locations {
            if let editor = editors[place], !Self.isEditor(routes(at: place).last) {
                editors[place] = nil
                shelve(editor.pet.map(AppRoute.editPet) ?? .addPet, editor)
            }
        }
        guard let waiting = question else { return nil }
        switch waiting.asking {
        case .editor(let place) where !Self.isEditor(routes(at: place).last): break
        case .appointmentRequest where dialog.isEmpty: break
        default: return nil
        }
        question = nil
        var dropped = Dropped(exit: waiting.exit, approved: waiting.approved, joined: waiting.joined)
        switch waiting.exit {
        case .user(.sidebarBack), .user(.chooseInSidebar), .user(.addInSidebar), .user(.backInHistory):
            // A choice in the sidebar, its Back, or a page chosen in Back's history names a
            // destination that is still wanted: the router asks anew (nobody is left to ask)
            // and goes there.
            requestExit(waiting.exit, approved: waiting.approved)
            dropped.exit = nil
        case .user: dropped.exit = nil
        case .closeWindow, .deletePet: break
        }
        return dropped
    }
}
