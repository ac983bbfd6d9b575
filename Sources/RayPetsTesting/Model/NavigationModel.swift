import RayPets

/// A reference model of what RayPets' back stacks must be, written independently of the
/// coordinators: the visible tab, each tab's stack, and the dialog's stack, and what each
/// user action does to them. Walk tests compare the real routers with it after every step.
public struct NavigationModel: Hashable, Sendable {
    /// The tab shown.
    public var tab: AppTab = .clinic
    /// Each tab's routes, root first.
    public var stacks: [AppTab: [AppRoute]] = [.clinic: [.home], .learn: [.learn]]
    /// The dialog's routes; empty when it is closed.
    public var modal: [AppRoute] = []
    /// The pets, in list order (the order they were added).
    public private(set) var pets: [Pet]
    /// Each stored questionnaire (its id) by pet, oldest first.
    public private(set) var records: [Pet.ID: [Int64]] = [:]
    private var nextRecord: Int64 = 1
    private var nextPet = 5  // the sample pets took 1 to 4
    private var namesUsed = 0

    /// The app as it starts (after the welcome page): Clinic tab on Home, Learn on its root,
    /// with `pets` stored and no questionnaires.
    public init(pets: [Pet]) { self.pets = pets }

    /// A pet's questionnaires, newest first (as its page lists them).
    public func history(of pet: Pet.ID) -> [Int64] { (records[pet] ?? []).reversed() }

    /// The route the user sees.
    public var visibleRoute: AppRoute { modal.last ?? stacks[tab]!.last! }

    /// What the user can do now: every button and row of the visible page, Back where there
    /// is somewhere to go back to, the dialog's ways out, and the tab switcher.
    public var availableActions: [UserAction] {
        var actions = buttons(on: visibleRoute).map(UserAction.press)
        actions += (0..<rows(on: visibleRoute)).map(UserAction.chooseRow)
        // Back is offered where its button is visible; Alt+Left works anywhere (and does
        // nothing on a root page, which is worth walking too).
        if modal.isEmpty ? stacks[tab]!.count > 1 : modal.count > 1 { actions.append(.back) }
        actions.append(.altLeft)
        if modal.isEmpty {
            actions += AppTab.allCases.filter { $0 != tab }.map(UserAction.switchTab)
        } else {
            actions += [.cancel, .escape, .closeDialog]
        }
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
        switch action {
        case .switchTab(let next): if modal.isEmpty { tab = next }
        case .back, .altLeft: goBack()
        case .cancel, .escape, .closeDialog: modal = []
        case .chooseRow(let index): choose(row: index)
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
    private mutating func delete(_ pet: Pet.ID) {
        pets.removeAll { $0.id == pet }
        records[pet] = nil
        for tab in AppTab.allCases { stacks[tab]!.removeAll { $0.pet == pet } }
        if modal.contains(where: { $0.pet == pet }) { modal = [] }
    }

    /// The questionnaire for `pet` was finished: stored, the dialog closes.
    private mutating func finish(for pet: Pet.ID) {
        records[pet, default: []].append(nextRecord)
        nextRecord += 1
        modal = []
    }

    private mutating func goBack() {
        if !modal.isEmpty {
            if modal.count > 1 { modal.removeLast() }
        } else if stacks[tab]!.count > 1 {
            stacks[tab]!.removeLast()
        }
    }

    private mutating func push(_ route: AppRoute) {
        if modal.isEmpty { stacks[tab]!.append(route) } else { modal.append(route) }
    }

    private mutating func choose(row index: Int) {
        switch visibleRoute {
        case .pets: push(.petDetail(pets[index].id))
        case .petPicker: modal.append(.visitType(pet: pets[index].id))
        case .petDetail(let pet): push(.appointmentRecord(pet: pet, record: history(of: pet)[index]))
        default: break
        }
    }

    private mutating func press(_ title: String) {
        switch (visibleRoute, title) {
        case (.home, "Schedule appointment"): modal = [.petPicker]
        case (.home, "My pets"): push(.pets)
        case (.home, "Clinic info"): push(.clinicInfo)
        case (.pets, "Add pet"), (.petPicker, "Add pet"): push(.addPet)
        case (.petDetail(let pet), "Edit"): push(.editPet(pet))
        case (.petDetail(let pet), "Delete"): delete(pet)
        case (.editPet, "Save"): stacks[tab]!.removeLast()
        case (.appointmentRecord(let pet, let record), "Delete"):
            records[pet]?.removeAll { $0 == record }
            for tab in AppTab.allCases {
                stacks[tab]!.removeAll { $0 == .appointmentRecord(pet: pet, record: record) }
            }
        case (.petDetail, "Clinic info"): modal = [.clinicInfo]
        case (.clinicInfo, "Opening hours"): push(.openingHours)
        case (.learn, "How to code"): push(.howToCode(.wakeUp))
        case (.howToCode(let step), "Next"): push(step.next.map(AppRoute.howToCode) ?? .startOver)
        case (.startOver, "Start over"): stacks[tab] = [stacks[tab]![0]]
        case (.visitType(let pet), VisitType.well.title): modal.append(.noAppointmentRequired(pet: pet))
        case (.visitType(let pet), VisitType.sick.title): modal.append(.painLevel(pet: pet))
        case (.painLevel(let pet), let answer):
            let level = PainLevel.allCases.first { $0.title == answer }!
            modal.append(level.mightBeFaking ? .fakingIt(pet: pet) : .noAppointmentRequired(pet: pet))
        case (.fakingIt(let pet), FakingAnswer.fake.title): finish(for: pet)
        case (.fakingIt(let pet), FakingAnswer.notFake.title): modal.append(.noAppointmentRequired(pet: pet))
        case (.noAppointmentRequired(let pet), "Okay"): finish(for: pet)
        default: preconditionFailure("the model offers no \"\(title)\" on \(visibleRoute)")
        }
    }
}
