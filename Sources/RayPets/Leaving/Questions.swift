import Glibc
import Navigation

/// What happens to unsaved work. Navigation never throws it away: a page with changes that
/// Back, Cancel or a link takes away is kept for Forward, and once it is dropped from there
/// its changes wait on the shelf (`drafts`) for the next editor that opens at its route, which
/// offers them (with *Discard changes*). Only closing a window (`isClosingWindow`), or a
/// Delete of the edited pet from another window (`petsBeingDeleted`), asks first:
/// a "Discard …?" alert presented through the alert router (the question is a route,
/// `AppRoute.discardQuestion`), answered by a button, Escape or the alert's close request.
/// When the app quits, nothing is asked: every draft is saved with the navigation state, and
/// on the next start waits here for its editor.
@MainActor
public final class Questions {
    /// The router the alerts are presented through.
    public let router: any Router<AppRoute>
    /// Unsaved changes of editors that have ended (dropped from forward history, taken by a
    /// link, or kept at the last quit), oldest first, until an editor at their route takes
    /// them.
    public var drafts: [EditorDraft] = []
    /// The pets another window is deleting, while it asks this one: an editor of one asks
    /// `changesToDeletedPet` (without *Save*: the pet is going).
    public var petsBeingDeleted: [Pet.ID: Int] = [:]
    /// While the window is being closed (its close button, Ctrl+W): pages with unsaved work
    /// ask before they go, since nothing can bring a closed window's pages back.
    public var isClosingWindow = false
    /// Where the window's toasts show (its feedback): "Changes to Rex kept", with *Undo*.
    public weak var feedback: (any Feedback)?
    /// While a saved state is being rebuilt: pages kept for Forward then are the user's from
    /// the last run, not news (no toast says so).
    public var isRestoring = false

    /// The oldest shelved draft of an editor at `route`; it is taken (once).
    public func takeDraft(for route: AppRoute) -> EditorDraft? {
        guard let index = drafts.firstIndex(where: { $0.route == route }) else { return nil }
        return drafts.remove(at: index)
    }

    /// Keeps `draft` until an editor at its route opens (`takeDraft(for:)`).
    public func shelve(_ draft: EditorDraft) { drafts.append(draft) }

    /// Questions shown through `router` (a `ModalRouter` over a `GtkAlertHost` in the app,
    /// over an `InMemoryHost` in tests).
    public init(router: any Router<AppRoute>) {
        self.router = router
    }

    /// The question open now, if any.
    public var open: DiscardQuestionModel? { router.topPage?.model as? DiscardQuestionModel }

    /// Asks whether to discard `subject`: the alert opens now; `await answer()` on what this
    /// returns gives the answer. If the alert leaves without an answer (its window was
    /// destroyed, or the app went away with it open) the answer is *Keep editing*. If the
    /// asking task is cancelled (the question became moot: the pet was deleted), the alert
    /// closes.
    ///
    /// The returned question refers to the alert weakly, so a task waiting for the answer
    /// keeps neither this object nor the flow that asked alive.
    public func askToDiscard(_ subject: DiscardSubject, canSave: Bool) -> DiscardQuestion {
        let model = DiscardQuestionModel(subject, canSave: canSave)
        let asked = Asked(router: router)
        asked.page = router.present(
            .discardQuestion, model: model, animated: false, onDismissed: { asked.finish(.keepEditing) })
        model.onAnswer = { [weak asked, weak router] answer in
            // The user's answer: a replay gives it again (the guard's outcome follows it).
            router?.journalPlace?.record(.intent("answer", page: "discardQuestion", value: answer.rawValue))
            asked?.finish(answer)
            asked?.closeAlert()
        }
        return DiscardQuestion(asked: asked)
    }

    /// An open "Discard …?" alert, as the flow that asked waits for its answer.
    @MainActor
    public struct DiscardQuestion {
        fileprivate weak var asked: Asked?
        /// The thread the question was asked on: the main actor's. (In the app that is GTK's
        /// main thread; under `swift test` the main actor may run on other threads, so a
        /// cancellation can look foreign: the flow closes its question itself, `close()`.)
        fileprivate let mainThread = pthread_self()

        /// Closes the alert without an answer, at once: the page it asks about has left (its
        /// pet was deleted, its window destroyed). The code waiting gets *Keep editing*; a
        /// question already answered or closed is left alone.
        public func close() { asked?.closeAlert() }

        /// The answer, once the user gives it; *Keep editing* if the alert leaves (or is
        /// gone) without one. Cancelling the waiting task closes the alert.
        public func answer() async -> DiscardAnswer {
            guard let answers = asked?.answers.values else { return .keepEditing }
            return await withTaskCancellationHandler {
                await answers.next() ?? .keepEditing
            } onCancel: { [weak asked, mainThread] in  // weak: this closure lives in the waiting task
                // The router cancels a moot question on the main actor: the alert closes at once,
                // before anything else is asked (a task could close a newer alert above it). The
                // flow that asked has closed it already when its page left (`close()`).
                let alert = asked
                if pthread_equal(pthread_self(), mainThread) != 0 {
                    MainActor.assumeIsolated { alert?.closeAlert() }
                } else {
                    Task { @MainActor [weak asked] in asked?.closeAlert() }
                }
            }
        }
    }

    /// One question's answer, handed once to its waiter (kept if it comes first) through a
    /// result channel, as a child flow's result is: a test's `settle()` waits for it too.
    @MainActor
    fileprivate final class Asked {
        let answers = ResultChannel<DiscardAnswer>()
        private weak var router: (any Router<AppRoute>)?
        var page: PageID?

        init(router: any Router<AppRoute>) {
            self.router = router
        }

        func closeAlert() {
            if let page { router?.remove(from: page, animated: false) }
        }

        /// The first answer is the answer; the alert leaving later adds none.
        func finish(_ answer: DiscardAnswer) {
            guard !answers.hasEnded else { return }
            answers.send(answer)
            answers.end()
        }
    }
}
