import Navigation

/// The first-launch welcome page. Its result is "Get started" was pressed; then its page is
/// removed (it never stays in any back stack) and the app moves on to the tabs.
@MainActor
public final class WelcomeCoordinator: ResultCoordinator {
    /// No child flows.
    public var children: [any Coordinator] = []
    /// Sends `()` when the user presses "Get started".
    public let results = ResultChannel<Void>()
    private let stack: StackRouter<AppRoute>

    /// The welcome page on `router` (a stack of its own, shown before the tabs).
    public init(router: StackRouter<AppRoute>) { stack = router }

    /// The welcome page's stack.
    public var router: any Router<AppRoute> { stack }

    /// Shows the welcome page.
    public func present(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = MessageViewModel(
            title: L("Welcome to RayPets"),
            message: L("Keep your pets' details in one place, book visits to the clinic, and see how this app is made."),
            actionTitle: L("Get started"))
        let id = stack.present(.welcome, model: model, animated: animated, onDismissed: onDismissed)
        model.onAction = { [weak self] in
            guard let self, self.stack.isVisible(id) else { return }
            self.results.send(())
            self.dismiss(animated: false)
        }
    }

    /// Removes the welcome page.
    public func dismiss(animated: Bool) { stack.dismissAll(animated: animated) }
}
