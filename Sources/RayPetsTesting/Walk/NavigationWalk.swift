import Navigation
import NavigationTesting
import RayPets

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
                throw WalkFailure(
                    seed: seed, step: step,
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
                if action.changesData {
                    try change(driver.app.services.data, by: action)
                } else {
                    try await driver.perform(action)
                }
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

    /// Changes the records as `action` says, through `ClinicData` (as another page would).
    private func change(_ data: ClinicData, by action: UserAction) throws {
        switch action {
        case .addPet(let name): try data.add(PetDraft(name: name))
        case .renamePet(let index, let name):
            var draft = PetDraft(data.pets[index])
            draft.name = name
            try data.update(data.pets[index].id, with: draft)
        case .deletePet(let index): try data.delete(data.pets[index].id)
        default: break
        }
    }

    private func kind(of action: UserAction) -> String {
        switch action {
        case .press: "press"
        case .chooseRow: "row"
        case .switchTab: "tab"
        case .addPet: "add"
        case .renamePet: "rename"
        case .deletePet: "delete"
        default: action.description
        }
    }
}
