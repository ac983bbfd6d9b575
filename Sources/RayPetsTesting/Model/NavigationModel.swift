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
    /// The pets, in list order.
    public let pets: [Pet]

    /// The app as it starts (after the welcome page): Clinic tab on Home, Learn on its root.
    public init(pets: [Pet]) { self.pets = pets }

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
        return actions
    }

    /// The buttons `route`'s page shows, by label.
    public func buttons(on route: AppRoute) -> [String] {
        switch route {
        case .welcome: ["Get started"]
        case .home: ["Schedule appointment", "My pets", "Clinic info"]
        case .pets, .petPicker: []
        case .petDetail: ["Clinic info"]
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
        default: 0
        }
    }

    /// What `action` does, per the app's specification.
    public mutating func apply(_ action: UserAction) {
        switch action {
        case .switchTab(let next): if modal.isEmpty { tab = next }
        case .back, .altLeft: goBack()
        case .cancel, .escape, .closeDialog: modal = []
        case .chooseRow(let index): choose(pets[index])
        case .press(let title): press(title)
        }
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

    private mutating func choose(_ pet: Pet) {
        switch visibleRoute {
        case .pets: push(.petDetail(pet.id))
        case .petPicker: modal.append(.visitType(pet: pet.id))
        default: break
        }
    }

    private mutating func press(_ title: String) {
        switch (visibleRoute, title) {
        case (.home, "Schedule appointment"): modal = [.petPicker]
        case (.home, "My pets"): push(.pets)
        case (.home, "Clinic info"): push(.clinicInfo)
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
        case (.fakingIt, FakingAnswer.fake.title): modal = []
        case (.fakingIt(let pet), FakingAnswer.notFake.title): modal.append(.noAppointmentRequired(pet: pet))
        case (.noAppointmentRequired, "Okay"): modal = []
        default: preconditionFailure("the model offers no \"\(title)\" on \(visibleRoute)")
        }
    }
}
