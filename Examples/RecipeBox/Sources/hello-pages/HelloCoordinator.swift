import Navigation

/// Decides what comes next: Hello, then the details the user asks for.
@MainActor
final class HelloCoordinator: FlowCoordinator<HelloRoute> {
    override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = HelloModel()
        let id = router.present(.hello, model: model, animated: animated, onDismissed: onDismissed)
        model.onShowDetails = whenShown(id, model, value: String.self) { flow, _, name in
            flow.router.present(.details(name: name), model: DetailsModel(name: name))
        }
    }
}
