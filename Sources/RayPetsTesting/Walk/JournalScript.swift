import Navigation
import RayPets

/// A navigation journal's inputs (`NavigationJournal`: a bug report exported with
/// `raypets --export-journal`) as the user's actions a walk takes, one at a time against the
/// reference model: a bug report replayed as a walk, checked at every step.
///
/// Each recorded input becomes the action that makes it in the model's words (an intent by its
/// name and page, Back, a tab, a resize, a new window), in the window it was recorded in
/// (`switchWindow` first if that window is not the focused one). The journal's own outcomes
/// are not needed: the model says what each action must do.
public struct JournalScript {
    /// The inputs not yet taken, oldest first.
    private var inputs: [NavigationEvent]

    /// The inputs of `events`.
    public init(_ events: [NavigationEvent]) {
        inputs = events.filter { $0.kind.isInput }
    }

    /// Whether every input was taken.
    public var isEmpty: Bool { inputs.isEmpty }

    /// The widths `events` resized a window to, in order, each once.
    public static func widths(in events: [NavigationEvent]) -> [Int] {
        var widths: [Int] = []
        for event in events {
            if case .resized(let width) = event.kind, !widths.contains(width) { widths.append(width) }
        }
        return widths
    }

    /// How many inputs are left.
    public var remaining: Int { inputs.count }

    /// The action that makes the next input in `model`'s state (first the switch to its window
    /// if another is focused): taken off the script only once its own action is returned, or
    /// `nil` for an input that needs none (the focus on the window that has it, a window's
    /// destruction that its close made), which is taken off too.
    /// - Throws: `WalkDriverError` for an input no action of the model makes.
    public mutating func next(in model: NavigationModel) throws -> UserAction? {
        guard let input = inputs.first else { throw WalkDriverError(description: "no input left in the journal") }
        if let number = input.window, model.windows[model.focusedWindow].id != number,
            !(input.kind == .action("new-window"))
        {
            guard let index = model.windows.firstIndex(where: { $0.id == number }) else {
                throw WalkDriverError(description: "\(input): the model has no window \(number)")
            }
            return .switchWindow(index)
        }
        inputs.removeFirst()
        return try Self.action(for: input, in: model)
    }

    /// The action for `input`, or `nil` for one that needs none (a window's destruction, which
    /// its close made).
    static func action(for input: NavigationEvent, in model: NavigationModel) throws -> UserAction? {
        let window = model.windows[model.focusedWindow]
        let split = model.isSplit && model.hasContent
        func unknown() -> WalkDriverError {
            WalkDriverError(description: "\(input): no action of the model makes this input")
        }
        switch input.kind {
        case .resized(let width): return .resize(width)
        case .windowFocused:
            // The window is the focused one now (`next` switched to it first).
            return nil
        case .action("new-window"): return .openWindow
        case .action("close-window"): return .closeWindow
        case .host("back", _):
            // The header bar's Back, the content's, Alt+Left and a swipe all say `back`.
            return model.availableActions.contains(.back) ? .back : .altLeft
        case .host("back-from", _): return .sidebarBack
        case .host("forward", _): return .altRight
        case .host("back-to", let page?):
            let stack = window.dialog.isEmpty ? window.stacks[window.tab]! : window.dialog
            guard let index = stack.dropLast().lastIndex(where: { String(describing: $0) == page }) else {
                throw WalkDriverError(description: "\(input): \(page) is not below the shown page")
            }
            return .backInHistory(index)
        case .host("cancel", _): return .cancel
        case .host("close", _): return .closeDialog
        case .host("destroyed", _): return nil
        case .host("tab", let tab?):
            guard let tab = AppTab(rawValue: tab) else { throw unknown() }
            return .switchTab(tab)
        case .ignored(let name, _, let value):
            // A press the app dropped: made again only where the model offers it (there, the
            // model says what it must do); where it does not, nothing was to happen.
            let action = try intent(name, value: value, split: split, in: model)
            return action.flatMap { model.availableActions.contains($0) ? $0 : nil }
        case .intent(let name, _, let value):
            return try intent(name, value: value, split: split, in: model) ?? { throw unknown() }()
        default:
            throw unknown()
        }
    }

    /// The action for the intent `name` (with `value`) on the shown page.
    private static func intent(
        _ name: String, value: String?, split: Bool, in model: NavigationModel
    ) throws -> UserAction? {
        let buttons = [
            "my-pets": "My pets", "clinic-info": "Clinic info", "schedule-appointment": "Schedule appointment",
            "opening-hours": "Opening hours", "how-to-code": "How to code", "next-step": "Next",
            "start-over": "Start over", "edit": "Edit", "delete": "Delete", "delete-record": "Delete",
            "vaccinations": "Vaccinations", "done": "Okay", "save": "Save",
        ]
        if let title = buttons[name] { return .press(title) }
        switch (name, value) {
        case ("add-pet", _): return split && model.shownRoute != .petPicker ? .addInSidebar : .press("Add pet")
        case ("choose-pet", let id?):
            if split && model.shownRoute != .petPicker { return .chooseInSidebar(id) }
            return model.pets.firstIndex(where: { $0.id == id }).map(UserAction.chooseRow)
        case ("open-record", let id?):
            guard case .petDetail(let pet) = model.shownRoute, let record = Int64(id) else { return nil }
            return model.history(of: pet).firstIndex(of: record).map(UserAction.chooseRow)
        case ("answer", let answer?):
            if let discard = DiscardAnswer(rawValue: answer) { return .answer(discard) }
            let title =
                VisitType(rawValue: answer)?.title ?? PainLevel(rawValue: answer)?.title
                ?? FakingAnswer(rawValue: answer)?.title
            return title.map(UserAction.press)
        case ("changed", _):
            // The journal holds no text: the note the model types.
            return model.availableActions.first { if case .typeNote = $0 { true } else { false } }
        default: return nil
        }
    }
}

extension NavigationWalk {
    /// Takes the inputs of a journal (`JournalScript`) one at a time, checking each step against
    /// the reference model as `run` does, then ends as `run` does: a bug report's journal
    /// replayed as a walk. Fails where the app first does something else than the model says,
    /// or where an input is one the model does not offer then.
    /// The journal's widths are added to the walk's (a window is as wide as the user made it).
    public func run(_ driver: any AppDriver, pets: [Pet], journal events: [NavigationEvent]) async throws {
        let walk = NavigationWalk(
            seed: seed, steps: steps, widths: widths + JournalScript.widths(in: events), maxWindows: maxWindows)
        try await walk.run(driver, pets: pets, script: walk.actions(replaying: events, pets: pets))
    }

    /// The actions that make the inputs of `events`, each read in the model's state after the
    /// ones before it.
    public func actions(replaying events: [NavigationEvent], pets: [Pet]) throws -> [UserAction] {
        var script = JournalScript(events)
        var model = NavigationModel(pets: pets, widths: widths, maxWindows: maxWindows)
        var actions: [UserAction] = []
        while !script.isEmpty {
            guard let action = try script.next(in: model) else { continue }
            guard model.availableActions.contains(action) else {
                throw WalkDriverError(
                    description: "step \(actions.count + 1), \(action) (from the journal), is not offered")
            }
            model.apply(action)
            actions.append(action)
        }
        return actions
    }
}
