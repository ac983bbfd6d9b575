import Navigation

/// The texts of a flow's pages that name a pet, and how to write them again: a flow keeps
/// one, registers each such page, and passes every change of the records to it, so a rename
/// shows on every page at once.
@MainActor
final class PetLabels {
    private var entries: [(page: PageID, pet: Pet.ID, write: @MainActor (Pet) -> Void)] = []

    /// Page `page` names `pet`; `write` sets its texts for the pet as it is now.
    func add(page: PageID, pet: Pet.ID, write: @escaping @MainActor (Pet) -> Void) {
        entries.append((page, pet, write))
    }

    /// After `change`: rewrites the texts of the pages on `router` that name a renamed pet,
    /// and of every page on a new day (its pet read from `data`); forgets pages that left.
    func follow(_ change: ClinicData.Change, on router: any Router<AppRoute>, data: ClinicData) {
        let onStack = Set(router.pages.map(\.id))
        entries.removeAll { !onStack.contains($0.page) }
        switch change {
        case .updated(_, let pet):
            for entry in entries where entry.pet == pet.id { entry.write(pet) }
        case .dayChanged:
            for entry in entries {
                if let pet = data.pet(id: entry.pet) { entry.write(pet) }
            }
        default:
            break
        }
    }
}
