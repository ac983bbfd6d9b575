import Navigation

/// The rename dialog: returns the new name. Closing it with a changed name asks first.
@MainActor
public final class RenameFlow: FlowCoordinator<NoteRoute>, ResultCoordinator {
    public let results = ResultChannel<String>()
    private let name: String
    private weak var model: RenameModel?

    /// A dialog on `router` renaming `name`; its question on `alerts`.
    public init(name: String, router: any Router<NoteRoute>, alerts: any Router<NoteRoute>) {
        self.name = name
        super.init(router: router)
        leaveGuard = { [weak self] _ in
            guard let model = self?.model, model.hasChanges else { return .leave }  // nothing to lose
            return .ask { [weak self] in
                guard let answers = self?.coordinate(to: DiscardNameQuestion(router: alerts), animated: false)
                else { return true }
                return await answers.next() ?? false  // nil: the alert went away; keep the text
            }
        }
    }

    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = RenameModel(name: name)
        self.model = model
        let id = router.present(.rename, model: model, animated: animated, onDismissed: onDismissed)
        model.onSave = whenShown(id, model) { flow, model in
            flow.results.send(model.name)
            flow.finish(animated: true)  // saved: nothing to lose, so the guard is not asked
        }
    }
}
