import Navigation

/// "How to code": four steps, each with its coloured Next button, then "Start over", whose
/// button dismisses the flow: its own pages leave, and the page it started from shows again.
/// Back goes back one step.
@MainActor
public final class HowToCodeCoordinator: FlowCoordinator<AppRoute> {
    /// Shows the first step; `onDismissed` runs when that step leaves (Back or Start over).
    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        show(.wakeUp, animated: animated, onDismissed: onDismissed)
    }

    private func show(_ step: HowToCodeStep, animated: Bool, onDismissed: (@MainActor () -> Void)? = nil) {
        let model = MessageModel(
            title: step.title, message: step.text, actionTitle: L("Next"), actionStyle: step.colour)
        let id = router.present(.howToCode(step), model: model, animated: animated, onDismissed: onDismissed)
        model.onAction = whenShown(id, model, named: "next-step") { flow, _ in
            if let next = step.next { flow.show(next, animated: true) } else { flow.showStartOver() }
        }
    }

    private func showStartOver() {
        let model = MessageModel(
            title: L("Start over"), message: L("That's how to code. Want to go through it again?"),
            actionTitle: L("Start over"), actionStyle: .suggested)
        let id = router.present(.startOver, model: model, animated: true, onDismissed: nil)
        model.onAction = whenShown(id, model, named: "start-over") { flow, _ in flow.dismiss(animated: true) }
    }
}
