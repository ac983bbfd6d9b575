import Navigation
import NavigationTesting
import RayPets

/// What the routers and the coordinator tree look like, in the terms the model can predict.
public struct NavigationSnapshot: Equatable, Sendable, CustomStringConvertible {
    /// The tab shown.
    public var tab: AppTab
    /// Each tab's routes.
    public var stacks: [AppTab: [AppRoute]]
    /// The dialog's routes.
    public var modal: [AppRoute]
    /// Running flows by coordinator type (beyond the app and the two tab roots).
    public var flows: [String: Int]
    /// `onDismissed` closures waiting, over all routers.
    public var pendingDismissals: Int

    /// One line per part, for failure reports.
    public var description: String {
        let stackText = AppTab.allCases.map { "\($0.rawValue): \(stacks[$0] ?? [])" }.joined(separator: "; ")
        return "tab \(tab.rawValue); \(stackText); modal: \(modal); flows: \(flows.sorted { $0.key < $1.key }); "
            + "pending onDismissed: \(pendingDismissals)"
    }

    /// What the model says the app must look like.
    public init(expectedFrom model: NavigationModel) {
        tab = model.tab
        stacks = model.stacks
        modal = model.modal
        let clinic = model.stacks[.clinic]!, learn = model.stacks[.learn]!
        var flows: [String: Int] = [:]
        func add(_ name: String, _ count: Int) { if count > 0 { flows[name, default: 0] += count } }
        add("PetListCoordinator", clinic.contains(.pets) ? 1 : 0)
        add("ClinicInfoCoordinator", (clinic.contains(.clinicInfo) ? 1 : 0) + (model.modal.first == .clinicInfo ? 1 : 0))
        add("HowToCodeCoordinator", learn.count > 1 ? 1 : 0)
        add("PetAppointmentBuilderCoordinator", model.modal.first == .petPicker ? 1 : 0)
        add("PetPickerCoordinator", model.modal.first == .petPicker ? 1 : 0)
        self.flows = flows
        // Each flow's first page carries the flow's onDismissed; so do the two tab roots.
        pendingDismissals = 2 + flows.values.reduce(0, +) - (flows["PetPickerCoordinator"] ?? 0)
    }

    /// What the app looks like now.
    @MainActor
    public init(actual app: AppCoordinator, modal: ModalRouter<AppRoute>) {
        tab = app.tabs.selectedTab
        stacks = Dictionary(uniqueKeysWithValues: AppTab.allCases.map { ($0, app.tabs.router(for: $0).routes) })
        self.modal = modal.routes
        var flows: [String: Int] = [:]
        var queue: [any Coordinator] = app.children.flatMap(\.children)
        while let next = queue.popLast() {
            flows[String(describing: type(of: next)), default: 0] += 1
            queue.append(contentsOf: next.children)
        }
        self.flows = flows
        pendingDismissals = AppTab.allCases.map { app.tabs.router(for: $0).pendingDismissHandlers }.reduce(0, +)
            + modal.pendingDismissHandlers
    }
}

/// Drives a running RayPets (in memory or on GTK) as a user would.
@MainActor
public protocol AppDriver: AnyObject {
    /// The app's root coordinator.
    var app: AppCoordinator { get }
    /// The dialog's router.
    var modalRouter: ModalRouter<AppRoute> { get }
    /// Performs `action` and lets the app settle (animations, awaited results).
    func perform(_ action: UserAction) async throws
    /// Gives the app one more turn of its main loop (an awaited result may still be on its way).
    func settle() async
}

/// A walk that went wrong, with what it takes to reproduce it.
public struct WalkFailure: Error, CustomStringConvertible {
    /// The walk's seed.
    public let seed: UInt64
    /// The step that failed (1-based).
    public let step: Int
    /// What went wrong.
    public let reason: String
    /// The last actions before the failure.
    public let history: [UserAction]

    /// A report naming the seed.
    public var description: String {
        "walk with seed \(seed) failed at step \(step): \(reason)\n  last actions: "
            + history.map(\.description).joined(separator: ", ")
    }
}

/// A seeded, reproducible random source (SplitMix64).
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    /// A generator that always produces the same sequence for `seed`.
    public init(seed: UInt64) { state = seed }
    /// The next number.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Walks the app at random, checking it against `NavigationModel` after every step.
@MainActor
public struct NavigationWalk {
    /// The seed; the same seed walks the same way.
    public let seed: UInt64
    /// How many actions to take.
    public let steps: Int

    /// A walk of `steps` actions from `seed`.
    public init(seed: UInt64, steps: Int) {
        self.seed = seed
        self.steps = steps
    }

    /// Walks `driver`'s app; then closes every flow (Cancel, Back to each root) and checks
    /// again. `afterStep` runs after each step (e.g. to track objects). Returns how many
    /// times each kind of action was taken.
    @discardableResult
    public func run(
        _ driver: any AppDriver, pets: [Pet], afterStep: @MainActor () -> Void = {}
    ) async throws -> [String: Int] {
        var random = SeededRandom(seed: seed)
        var model = NavigationModel(pets: pets)
        var history: [UserAction] = []
        var counts: [String: Int] = [:]
        func check(_ step: Int) async throws {
            let expected = NavigationSnapshot(expectedFrom: model)
            var actual = NavigationSnapshot(actual: driver.app, modal: driver.modalRouter)
            // Results that come back through `await` (the pet picker's) land a few main-actor
            // turns later, as they would for a user; a state that never arrives still fails.
            var turns = 0
            while expected != actual && turns < 100 {
                await driver.settle()
                actual = NavigationSnapshot(actual: driver.app, modal: driver.modalRouter)
                turns += 1
            }
            if expected != actual {
                throw WalkFailure(seed: seed, step: step,
                                  reason: "\n  expected \(expected)\n  actual   \(actual)", history: history.suffix(12))
            }
        }
        try await check(0)
        for step in 1...steps {
            let actions = model.availableActions
            let action = actions[Int(random.next() % UInt64(actions.count))]
            history.append(action)
            counts[kind(of: action), default: 0] += 1
            do {
                try await driver.perform(action)
            } catch {
                throw WalkFailure(seed: seed, step: step, reason: "\(error)", history: history.suffix(12))
            }
            model.apply(action)
            afterStep()
            try await check(step)
        }
        // End every flow the way a user would, and check the app is back where it started.
        var closing: [UserAction] = model.modal.isEmpty ? [] : [.cancel]
        for tab in AppTab.allCases {
            closing.append(.switchTab(tab))
            closing += Array(repeating: .back, count: model.stacks[tab]!.count - 1)
        }
        closing.append(.switchTab(.clinic))
        for action in closing where model.availableActions.contains(action) || action == .back {
            try await driver.perform(action)
            model.apply(action)
            history.append(action)
            afterStep()
            try await check(steps + 1)
        }
        return counts
    }

    private func kind(of action: UserAction) -> String {
        switch action {
        case .press: "press"
        case .chooseRow: "row"
        case .switchTab: "tab"
        default: action.description
        }
    }
}
