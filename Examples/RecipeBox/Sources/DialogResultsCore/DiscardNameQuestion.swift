import Navigation

/// "Discard the new name?" as a flow with a result: `true` to discard, `false` to keep editing.
@MainActor
public final class DiscardNameQuestion: FlowCoordinator<NoteRoute>, ResultCoordinator {
    public let results = ResultChannel<Bool>()

    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = DiscardNameModel()
        let id = router.present(.discardName, model: model, animated: false, onDismissed: onDismissed)
        model.onAnswer = whenShown(id, model, value: Bool.self) { flow, _, discard in
            flow.results.send(discard)
            flow.finish(animated: false)
        }
    }
}
