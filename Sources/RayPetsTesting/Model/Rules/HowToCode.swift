import RayPets

extension ButtonRule {
    /// The Learn tab: *How to code* opens its first step; each step's *Next* the next one, the
    /// last step's *Start over*, whose *Start over* goes back to the tab's root.
    static let howToCode: [ButtonRule] = [
        .opens("How to code") { $0 == .learn ? .howToCode(.wakeUp) : nil },
        .opens("Next") { route in
            guard case .howToCode(let step) = route else { return nil }
            return step.next.map(AppRoute.howToCode) ?? .startOver
        },
        ButtonRule("Start over", on: .startOver) { $0.stacks[$0.tab] = [$0.stacks[$0.tab]![0]] },
    ]
}
