import Navigation

/// The Learn tab: its root page, and "How to code" pushed from it.
@MainActor
public final class LearnCoordinator: FlowCoordinator<AppRoute> {
    /// Shows the Learn page.
    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = MessageModel(
            title: L("Learn"), message: L("How this app gets written, in four steps."), actionTitle: L("How to code"))
        let id = router.present(.learn, model: model, animated: animated, onDismissed: onDismissed)
        model.onAction = whenShown(id, model, named: "how-to-code") { learn, _ in
            learn.presentChild(HowToCodeCoordinator(router: learn.router), animated: true)
        }
    }
}
