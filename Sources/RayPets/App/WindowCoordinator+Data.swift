import Navigation

extension WindowCoordinator {
    /// From now on, every saved change of the records reaches `follow(_:)`.
    func followTheRecords() {
        dataObservation = services.data.observe { [weak self] change in self?.follow(change) }
    }

    /// Navigation follows the records. After each saved change:
    /// - a deleted pet's pages leave every tab (the other pages stay, each `onDismissed` runs
    ///   once); a dialog about that pet closes, with a notice; a deleted appointment request's
    ///   page leaves;
    /// - every page model and flow that follows the records is told (a rename rewrites the
    ///   texts), then every router refreshes, so the header and the window title show the new
    ///   name at once.
    ///
    /// The lists of pets follow the records themselves (`PetList`), after this. Undo brings a
    /// pet back in the lists, not its pages.
    func follow(_ change: ClinicData.Change) {
        switch change {
        case .deleted(let pet, _):
            for tab in AppTab.allCases {
                tabs.router(for: tab).removeAll(where: { $0.pet == pet.id }, animated: true)
            }
            if dialogRouter.routes.contains(where: { $0.pet == pet.id }) {
                dialogRouter.removeAll(where: { _ in true }, animated: true)  // not vetoable: the pet is gone
                services.feedback.showNotice(
                    L("{pet} was deleted, so the dialog about {pet} was closed.", ["pet": pet.name]))
            } else {
                dialogRouter.removeAll(where: { $0.pet == pet.id }, animated: true)  // kept for Forward
            }
        case .recordDeleted(let record):
            let route = AppRoute.appointmentRecord(pet: record.request.pet, record: record.id)
            for router in routers { router.removeAll(where: { $0 == route }, animated: true) }
        case .added, .updated, .undeleted, .recordAdded, .dayChanged:
            break
        }
        for router in routers {
            for page in router.pages { (page.model as? any FollowsClinicData)?.clinicDataChanged(change) }
        }
        var flows: [any Coordinator] = children
        while let flow = flows.popLast() {
            (flow as? any FollowsClinicData)?.clinicDataChanged(change)
            flows.append(contentsOf: flow.children)
        }
        for router in routers { router.refresh() }
    }

    /// `state` without the pages that show records which no longer exist: each stack and the
    /// dialog end before the first such page (so a pet's page becomes My pets), and the
    /// names of what is missing.
    func withoutMissingRecords(_ state: NavigationState) -> (state: NavigationState, missing: [String]) {
        var missing: [String] = []
        var recordsOfPet: [Pet.ID: Set<Int64>] = [:]
        func exists(_ route: AppRoute) -> Bool {
            guard let pet = route.pet else { return true }
            guard services.data.pet(id: pet) != nil else {
                if !missing.contains(pet) { missing.append(pet) }
                return false
            }
            guard case .appointmentRecord(_, let record) = route else { return true }
            if recordsOfPet[pet] == nil {
                recordsOfPet[pet] = Set(((try? services.data.history(of: pet)) ?? []).map(\.id))
            }
            if recordsOfPet[pet]?.contains(record) == true { return true }
            missing.append(route.token)
            return false
        }
        func valid(_ routes: [AppRoute]) -> [AppRoute] { Array(routes.prefix { exists($0) }) }
        var result = state
        for tab in AppTab.allCases {
            let stack = state.stacks[tab] ?? []
            result.stacks[tab] = valid(stack)
            // Pages kept for Forward sit above the whole stack: none if it was cut.
            result.forward[tab] = result.stacks[tab]?.count == stack.count ? valid(state.forward[tab] ?? []) : []
        }
        result.dialog = valid(state.dialog)
        result.dialogForward = result.dialog.count == state.dialog.count ? valid(state.dialogForward) : []
        // A deleted pet's changes have no editor to open (an open one leaves with its pet).
        result.drafts = state.drafts.filter { draft in draft.route.pet.map { services.data.pet(id: $0) != nil } ?? true
        }
        return (result, missing)
    }
}
