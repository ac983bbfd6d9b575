import Navigation

/// The Learn tab: its root page, and "How to code" pushed from it.
@MainActor
public final class LearnCoordinator: Coordinator {
    /// "How to code", while it runs.
    public var children: [any Coordinator] = []
    /// The Learn tab's stack.
    public let router: any Router<AppRoute>

    /// The tab's flows on `router`.
    public init(router: any Router<AppRoute>) { self.router = router }

    /// Shows the Learn page.
    public func present(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = MessageViewModel(
            title: L("Learn"), message: L("How this app gets written, in four steps."), actionTitle: L("How to code"))
        let id = router.present(.learn, model: model, animated: animated, onDismissed: onDismissed)
        model.onAction = { [weak self] in
            guard let self, self.router.isVisible(id) else { return }
            self.presentChild(HowToCodeCoordinator(router: self.router), animated: true)
        }
    }
}
