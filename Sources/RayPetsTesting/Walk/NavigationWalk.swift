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

    /// The window widths the walk resizes to at random (none: it never resizes).
    public let widths: [Int]

    /// A walk of `steps` actions from `seed`, resizing the window to `widths` at random.
    public init(seed: UInt64, steps: Int, widths: [Int] = []) {
        self.seed = seed
        self.steps = steps
        self.widths = widths
    }

    /// Walks `driver`'s app; then closes every flow (Cancel, Back to each root) and checks
    /// again. `afterStep` runs after each step (e.g. to track objects). Returns how many
    /// times each kind of action was taken.
    @discardableResult
    public func run(
        _ driver: any AppDriver, pets: [Pet], afterStep: @MainActor () -> Void = {}
    ) async throws -> [String: Int] {
        var random = SeededRandom(seed: seed)
        var model = NavigationModel(pets: pets, widths: widths)
        var history: [UserAction] = []
        var counts: [String: Int] = [:]
        func check(_ step: Int) async throws {
            let expected = NavigationSnapshot(expectedFrom: model)
            var actual = NavigationSnapshot(actual: driver.app, dialog: driver.dialogRouter)
            // Results that come back through `await` (the pet picker's) land a few main-actor
            // turns later, as they would for a user; a state that never arrives still fails.
            var turns = 0
            while expected != actual && turns < 100 {
                await driver.settle()
                actual = NavigationSnapshot(actual: driver.app, dialog: driver.dialogRouter)
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
            if model.question != nil, !action.changesData, !action.isAnswer, !action.isResize {
                counts["exit while asking", default: 0] += 1
            }
            do {
                try await perform(action, on: driver)
            } catch {
                throw WalkFailure(seed: seed, step: step, reason: "\(error)", history: history.suffix(12))
            }
            model.apply(action)
            afterStep()
            try await check(step)
        }
        // End every flow the way a user would (discarding what asks), and check the app is
        // back where it started.
        func close(_ action: UserAction) async throws {
            try await perform(action, on: driver)
            model.apply(action)
            history.append(action)
            afterStep()
            try await check(steps + 1)
        }
        if model.question != nil { try await close(.answer(.discard)) }
        // One stack again: Back then shows wherever there is a page to go back to.
        if let narrow = widths.min(), model.width != narrow { try await close(.resize(narrow)) }
        if !model.dialog.isEmpty { try await close(.cancel) }
        while model.question != nil { try await close(.answer(.discard)) }
        for tab in AppTab.allCases {
            try await close(.switchTab(tab))
            while model.stacks[tab]!.count > 1 {
                try await close(.back)
                while model.question != nil { try await close(.answer(.discard)) }
            }
        }
        try await close(.switchTab(.clinic))
        return counts
    }

    /// Performs `action`: the driver clicks; the records, the editor's typing and the
    /// alert's answers are acted on through the models, the same way on every driver.
    private func perform(_ action: UserAction, on driver: any AppDriver) async throws {
        switch action {
        case .addPet, .renamePet, .deletePet:
            try change(driver.app.services.data, by: action)
        case .typeNote(let text):
            let pages =
                driver.dialogRouter.pages.isEmpty ? driver.app.tabs.selectedRouter.pages : driver.dialogRouter.pages
            guard let editor = pages.last?.model as? PetEditorViewModel else {
                throw WalkDriverError(description: "no editor to type into")
            }
            editor.set(.notes, to: text)
        case .answer(let answer):
            guard let question = driver.app.services.questions.open else {
                throw WalkDriverError(description: "no question to answer")
            }
            question.answer(answer)
            // The answer reaches the router that asked a few main-actor turns later (it comes
            // back through the question's task); the model takes the next action after that.
            let routers = AppTab.allCases.map { driver.app.tabs.router(for: $0) } + [driver.dialogRouter]
            for _ in 0..<100 where routers.contains(where: { $0.pendingLeave != nil }) { await driver.settle() }
        default:
            try await driver.perform(action)
        }
    }

    private struct WalkDriverError: Error, CustomStringConvertible { let description: String }

    /// Changes the records as `action` says, through `ClinicData` (as another page would).
    private func change(_ data: ClinicData, by action: UserAction) throws {
        switch action {
        case .addPet(let name): try data.add(PetDraft(name: name))
        case .renamePet(let index, let name):
            let pet = try data.allPets()[index]
            var draft = PetDraft(pet)
            draft.name = name
            try data.update(pet.id, with: draft)
        case .deletePet(let index): try data.delete(try data.allPets()[index].id)
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
        case .typeNote: "type"
        case .answer(let answer): "answer \(answer.rawValue)"
        case .resize: "resize"
        case .chooseInSidebar: "sidebar row"
        default: action.description
        }
    }
}
