import Navigation

/// "How to code": four steps, each with its coloured Next button, then "Start over", whose
/// button dismisses the whole flow back to where it started. Back goes back one step.
@MainActor
public final class HowToCodeCoordinator: Coordinator {
    /// No child flows.
    public var children: [any Coordinator] = []
    /// The stack the steps are pushed on.
    public let router: any Router<AppRoute>

    private var firstPage: PageID?

    /// A flow that pushes onto `router`.
    public init(router: any Router<AppRoute>) {
        self.router = router
    }

    /// Shows the first step; `onDismissed` runs when that step leaves (Back or Start over).
    public func present(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        firstPage = show(.wakeUp, animated: animated, onDismissed: onDismissed)
    }

    /// Ends the flow: removes its own pages — its first step and everything above — and no
    /// page below it, whatever else shares the stack.
    public func dismiss(animated: Bool) {
        if let firstPage { router.remove(from: firstPage, animated: animated) }
    }

    @discardableResult
    private func show(_ step: HowToCodeStep, animated: Bool, onDismissed: (@MainActor () -> Void)? = nil) -> PageID {
        let model = MessageViewModel(
            title: step.title, message: step.text, actionTitle: L("Next"), actionStyle: step.colour)
        let id = router.present(.howToCode(step), model: model, animated: animated, onDismissed: onDismissed)
        model.onAction = { [weak self] in self?.next(after: step, from: id) }
        return id
    }

    private func next(after step: HowToCodeStep, from id: PageID) {
        guard router.isVisible(id) else { return }
        if let next = step.next {
            show(next, animated: true)
        } else {
            showStartOver()
        }
    }

    private func showStartOver() {
        let model = MessageViewModel(
            title: L("Start over"), message: L("That's how to code. Want to go through it again?"),
            actionTitle: L("Start over"), actionStyle: .suggested)
        let id = router.present(.startOver, model: model, animated: true, onDismissed: nil)
        model.onAction = { [weak self] in
            guard let self, self.router.isVisible(id) else { return }
            self.dismiss(animated: true)
        }
    }
}
