import Navigation

/// The parent: shows the note, opens the rename dialog, and takes the name it returns.
@MainActor
public final class NoteFlow: FlowCoordinator<NoteRoute> {
    private let dialogs: any Router<NoteRoute>
    private let alerts: any Router<NoteRoute>

    /// The note on `router`; the dialog on `dialogs`, its question on `alerts`.
    public init(router: any Router<NoteRoute>, dialogs: any Router<NoteRoute>, alerts: any Router<NoteRoute>) {
        self.dialogs = dialogs
        self.alerts = alerts
        super.init(router: router)
    }

    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = NoteModel(name: "Groceries")
        let id = router.present(.note, model: model, animated: animated, onDismissed: onDismissed)
        model.onRename = whenShown(id, model) { flow, model in
            let names = flow.coordinate(to: RenameFlow(name: model.name, router: flow.dialogs, alerts: flow.alerts))
            // The task holds what it waits on, the results, and the model weakly: not the flows.
            Task.immediate { [weak model] in
                guard let name = await names.next() else { return }  // nil: the dialog was closed
                model?.name = name
            }
        }
    }
}
