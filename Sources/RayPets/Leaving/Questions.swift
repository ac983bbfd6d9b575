import Navigation

/// What happens to unsaved work. Before it is thrown away the user is asked: a "Discard …?"
/// alert presented through the alert router (the question is a route,
/// `AppRoute.discardQuestion`), answered by a button, Escape or the alert's close request.
/// Flows with unsaved work use it in their leave guards. When the app quits, nothing is asked:
/// the editor's draft is saved with the navigation state, and on the next start it waits here
/// (`shelvedDraft`) for the editor that opens at its route.
@MainActor
public final class Questions {
    /// The router the alerts are presented through.
    public let router: any Router<AppRoute>
    /// A draft from the last run, until the editor at its route takes it.
    public var shelvedDraft: EditorDraft?

    /// The shelved draft, if it belongs to an editor at `route`; it is taken (once).
    public func takeDraft(for route: AppRoute) -> EditorDraft? {
        guard let draft = shelvedDraft, draft.route == route else { return nil }
        shelvedDraft = nil
        return draft
    }

    /// Questions shown through `router` (a `ModalRouter` over a `GtkAlertHost` in the app,
    /// over an `InMemoryHost` in tests).
    public init(router: any Router<AppRoute>) {
        self.router = router
    }

    /// The question open now, if any.
    public var open: DiscardQuestionModel? { router.topPage?.model as? DiscardQuestionModel }

    /// Asks whether to discard `subject` and returns the answer. If the alert leaves without
    /// an answer (its window was destroyed) the answer is *Keep editing*. If the asking task is
    /// cancelled (the question became moot: the pet was deleted), the alert closes.
    public func askToDiscard(_ subject: DiscardSubject, canSave: Bool) async -> DiscardAnswer {
        let model = DiscardQuestionModel(subject, canSave: canSave)
        let asked = Asked()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                asked.continuation = continuation
                asked.page = router.present(
                    .discardQuestion, model: model, animated: false,
                    onDismissed: { asked.finish(.keepEditing) })
                model.onAnswer = { [router] answer in
                    asked.finish(answer)
                    if let page = asked.page { router.remove(from: page, animated: false) }
                }
            }
        } onCancel: {
            Task { @MainActor in
                if let page = asked.page { self.router.remove(from: page, animated: false) }
            }
        }
    }

    /// One question's continuation, resumed once.
    @MainActor
    private final class Asked {
        var continuation: CheckedContinuation<DiscardAnswer, Never>?
        var page: PageID?

        func finish(_ answer: DiscardAnswer) {
            continuation?.resume(returning: answer)
            continuation = nil
        }
    }
}
