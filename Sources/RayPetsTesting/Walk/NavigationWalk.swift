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

    /// How many windows the walk may have open at once (1: it opens, closes and switches
    /// none, for a driver of one window).
    public let maxWindows: Int

    /// A walk of `steps` actions from `seed`, resizing the window to `widths` at random, with
    /// up to `maxWindows` windows.
    public init(seed: UInt64, steps: Int, widths: [Int] = [], maxWindows: Int = 1) {
        self.seed = seed
        self.steps = steps
        self.widths = widths
        self.maxWindows = maxWindows
    }

    /// Walks `driver`'s app; then answers every question, closes every window but one and
    /// every flow (Cancel, Back to each root) and checks again. `afterStep` runs after each
    /// step (e.g. to track objects). Returns how many times each kind of action was taken,
    /// and what the model's events counted (`NavigationModel.Event`, e.g. "closeKept").
    @discardableResult
    public func run(
        _ driver: any AppDriver, pets: [Pet], afterStep: @MainActor () -> Void = {}
    ) async throws -> [String: Int] {
        var random = SeededRandom(seed: seed)
        return try await walk(
            driver, pets: pets, steps: steps, afterStep: { _ in afterStep() },
            next: { model in choose(from: model, &random) })
    }

    /// Takes `script`'s actions in turn instead of random ones, checking every step as
    /// `run` does (the seed and `steps` are not used), then ends as `run` does. Each action
    /// must be one the model offers at that step. `afterStep` gets the model after each step
    /// (the ending's too), before the app is compared with it.
    public func run(
        _ driver: any AppDriver, pets: [Pet], script: [UserAction],
        afterStep: @MainActor (NavigationModel) -> Void = { _ in }
    ) async throws {
        var next = 0
        try await walk(driver, pets: pets, steps: script.count, afterStep: afterStep) { model in
            defer { next += 1 }
            guard model.availableActions.contains(script[next]) else {
                throw WalkDriverError(description: "step \(next + 1), \(script[next]), is not offered")
            }
            return script[next]
        }
    }

    /// Walks `steps` steps, each taking the action `next` chooses, then ends every flow.
    @discardableResult
    private func walk(
        _ driver: any AppDriver, pets: [Pet], steps: Int, afterStep: @MainActor (NavigationModel) -> Void,
        next: (NavigationModel) throws -> UserAction
    ) async throws -> [String: Int] {
        var model = NavigationModel(pets: pets, widths: widths, maxWindows: maxWindows)
        var history: [UserAction] = []
        var counts: [String: Int] = [:]
        func check(_ step: Int) async throws {
            let expected = AppSnapshot(expectedFrom: model)
            var actual = AppSnapshot(actual: driver)
            // Results that come back through `await` (the pet picker's) land a few main-actor
            // turns later, as they would for a user; a state that never arrives still fails.
            var turns = 0
            while expected != actual && turns < 100 {
                await driver.settle()
                actual = AppSnapshot(actual: driver)
                turns += 1
            }
            if expected != actual {
                throw WalkFailure(
                    seed: seed, step: step,
                    reason: "\n  expected \(expected)\n  actual   \(actual)", history: history.suffix(12))
            }
            do {
                try await driver.checkStep()
            } catch {
                throw WalkFailure(seed: seed, step: step, reason: "\(error)", history: history.suffix(12))
            }
        }
        try await check(0)
        for step in 1...steps {
            let action = try next(model)
            history.append(action)
            counts[kind(of: action), default: 0] += 1
            do {
                try await Self.perform(action, on: driver)
            } catch {
                throw WalkFailure(seed: seed, step: step, reason: "\(error)", history: history.suffix(12))
            }
            model.apply(action)
            for event in model.events { counts["\(event)", default: 0] += 1 }
            afterStep(model)
            try await check(step)
        }
        // End every flow the way a user would (discarding what asks), and check the app is
        // back where it started.
        func close(_ action: UserAction) async throws {
            try await Self.perform(action, on: driver)
            model.apply(action)
            for event in model.events { counts["\(event)", default: 0] += 1 }
            history.append(action)
            afterStep(model)
            try await check(steps + 1)
        }
        // Every question answered, in whichever window asks (an answer may let a Delete ask
        // the next window), then every window but one closed.
        func answerAll() async throws {
            while let asking = model.windows.firstIndex(where: { $0.question != nil }) {
                if asking != model.focusedWindow { try await close(.switchWindow(asking)) }
                try await close(.answer(.discard))
            }
        }
        try await answerAll()
        while model.windows.count > 1 {
            try await close(.closeWindow)
            try await answerAll()
        }
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

    /// The next action among `model`'s. One step in `interplayOdds`, when some action makes
    /// windows meet (`NavigationModel.isInterplay`), is one of those: by chance they are rare;
    /// and one in `interplayOdds` of those that would start a rule between windows now
    /// (`NavigationModel.startsRuleBetweenWindows`), when there is one.
    /// Otherwise one step in `windowOdds`, when there are any, is a window action (opening,
    /// closing or moving to a window), so that a window lives long enough for its pages to
    /// get deep; the other steps choose evenly among the rest. With one window (no window
    /// action, nothing to meet): one even choice, the same steps as before windows.
    private func choose(from model: NavigationModel, _ random: inout SeededRandom) -> UserAction {
        let actions = model.availableActions
        let windowActions = actions.filter(\.isWindowAction)
        guard !windowActions.isEmpty else { return actions[Int(random.next() % UInt64(actions.count))] }
        let interplay = actions.filter(model.isInterplay)
        var pool = random.next() % Self.windowOdds == 0 ? windowActions : actions.filter { !$0.isWindowAction }
        if !interplay.isEmpty && random.next() % Self.interplayOdds == 0 { pool = interplay }
        let starts = interplay.filter(model.startsRuleBetweenWindows)
        if !starts.isEmpty && random.next() % Self.interplayOdds == 0 { pool = starts }
        return pool[Int(random.next() % UInt64(pool.count))]
    }

    /// See `choose(from:_:)`.
    static let windowOdds: UInt64 = 25
    static let interplayOdds: UInt64 = 2

    /// Performs `action`: the driver clicks; the records, the editor's typing and the
    /// alert's answers are acted on through the models, the same way on every driver.
    /// Performs `action` on `driver`'s app as a walk does: a click, a key or a resize through
    /// the driver, a change of the records through `ClinicData`, typing and an answer through
    /// the page's model; then waits for what it set off.
    public static func perform(_ action: UserAction, on driver: any AppDriver) async throws {
        switch action {
        case .addPet, .renamePet, .deletePet:
            try change(driver.app.services.data, by: action)
        case .typeNote(let text):
            let pages =
                driver.dialogRouter.pages.isEmpty ? driver.app.tabs.selectedRouter.pages : driver.dialogRouter.pages
            guard let editor = pages.last?.model as? PetEditorModel else {
                throw WalkDriverError(description: "no editor to type into")
            }
            editor.set(.notes, to: text)
        case .answer(let answer):
            // Not held here: the alert's model must be free to go once it has left.
            guard driver.app.services.questions.open != nil else {
                throw WalkDriverError(description: "no question to answer")
            }
            driver.app.services.questions.open?.answer(answer)
            // The answer reaches the router that asked a few main-actor turns later (it comes
            // back through the question's task); the model takes the next action after that.
            let routers = driver.app.routers
            for _ in 0..<100 where routers.contains(where: { $0.pendingLeave != nil }) { await driver.settle() }
        default:
            try await driver.perform(action)
        }
        await driver.finishAction()
    }

    /// Changes the records as `action` says, through `ClinicData` (as another page would).
    private static func change(_ data: ClinicData, by action: UserAction) throws {
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
        case .switchWindow: "switch window"
        case .openInNewWindow: "open in new window"
        default: action.description
        }
    }
}

/// A walk that cannot go on: an action that is not offered, or an input no action makes.
struct WalkDriverError: Error, CustomStringConvertible { let description: String }
