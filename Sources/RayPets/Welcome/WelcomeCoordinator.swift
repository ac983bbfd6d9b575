import Navigation

/// The first-launch welcome page. Its result is "Get started" was pressed; then the flow
/// dismisses itself (its page never stays in any back stack) and the app moves on to the tabs.
@MainActor
public final class WelcomeCoordinator: FlowCoordinator<AppRoute>, ResultCoordinator {
    /// Sends `()` when the user presses "Get started".
    public let results = ResultChannel<Void>()

    /// Shows the welcome page.
    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = MessageModel(
            title: L("Welcome to RayPets"),
            message: L(
                "Keep your pets' details in one place, book visits to the clinic, and see how this app is made."),
            actionTitle: L("Get started"))
        let id = router.present(.welcome, model: model, animated: animated, onDismissed: onDismissed)
        model.onAction = whenShown(id, model, named: "get-started") { welcome, _ in
            welcome.results.send(())
            welcome.dismiss(animated: false)
        }
    }
}
