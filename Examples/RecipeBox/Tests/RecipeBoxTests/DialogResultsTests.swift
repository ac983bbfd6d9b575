import DialogResultsCore
import Navigation
import NavigationTesting
import Testing

/// The note with its dialog and alerts on in-memory hosts: the feature of the "Dialogs, typed
/// results and alerts" article. Leaks are checked by the hosts themselves.
@MainActor
private struct NoteApp {
    let stackHost = InMemoryHost<NoteRoute>()
    let dialogHost = InMemoryHost<NoteRoute>()
    let alertHost = InMemoryHost<NoteRoute>()
    let flow: NoteFlow

    init() {
        stackHost.addCoveringDialog(dialogHost)
        dialogHost.addCoveringDialog(alertHost)
        flow = NoteFlow(
            router: StackRouter(host: stackHost), dialogs: ModalRouter(host: dialogHost),
            alerts: ModalRouter(host: alertHost))
        flow.present(animated: false, onDismissed: nil)
    }

    var note: NoteModel { stackHost.topModel(as: NoteModel.self)! }
    var rename: RenameModel? { dialogHost.topModel(as: RenameModel.self) }
    var question: DiscardNameModel? { alertHost.topModel(as: DiscardNameModel.self) }

    func settle() async { await NavigationTesting.settle() }

    /// Opens the dialog and types `name` into it.
    func type(_ name: String) {
        note.onRename?()
        rename?.name = name
    }
}

@MainActor
@Suite("Dialogs, typed results and alerts (the article's note)")
struct DialogResultsTests {
    @Test("Save hands the typed name back to the note and closes the dialog without asking")
    func saveReturnsTheName() async {
        let app = NoteApp()
        app.type("Shopping")
        app.rename?.onSave?()
        await app.settle()
        #expect(app.question == nil, "saved: nothing to ask")
        #expect(!app.dialogHost.isOpen)
        #expect(app.note.name == "Shopping")
    }

    @Test("Cancel with nothing changed closes at once; the note keeps its name")
    func cancelUnchanged() async {
        let app = NoteApp()
        app.note.onRename?()
        app.dialogHost.tapCancel()
        await app.settle()
        #expect(!app.dialogHost.isOpen)
        #expect(app.question == nil)
        #expect(app.note.name == "Groceries")
    }

    @Test("Cancel with a new name asks; Keep editing keeps the dialog and the text; Discard closes")
    func cancelAsks() async {
        let app = NoteApp()
        app.type("Shopping")
        app.dialogHost.tapCancel()
        await app.settle()
        #expect(app.question != nil, "a typed name would be lost: ask")
        app.question?.onAnswer?(false)
        await app.settle()
        #expect(app.dialogHost.isOpen)
        #expect(app.rename?.name == "Shopping")
        app.dialogHost.tapClose()
        await app.settle()
        app.question?.onAnswer?(true)
        await app.settle()
        #expect(!app.dialogHost.isOpen)
        #expect(app.note.name == "Groceries", "discarded: the note keeps its name")
    }

    @Test("a double click on Save sends one name; controls under the dialog do nothing")
    func doubleSave() async {
        let app = NoteApp()
        app.type("Shopping")
        let rename = app.rename
        rename?.onSave?()
        rename?.onSave?()
        await app.settle()
        #expect(app.note.name == "Shopping")
        app.note.onRename?()
        #expect(app.dialogHost.isOpen)
        app.note.onRename?()  // the note is under the dialog now: nothing happens
        await app.settle()
        #expect(app.dialogHost.pages.count == 1)
    }

    @Test("an alert that goes away unanswered keeps editing")
    func alertGoneKeepsEditing() async {
        let app = NoteApp()
        app.type("Shopping")
        app.dialogHost.tapCancel()
        await app.settle()
        app.alertHost.closeWindow()
        await app.settle()
        #expect(!app.alertHost.isOpen)
        #expect(app.dialogHost.isOpen && app.rename?.name == "Shopping")
    }

    @Test("Save under the open alert does nothing")
    func saveUnderAlert() async {
        let app = NoteApp()
        app.type("Shopping")
        app.dialogHost.tapCancel()
        await app.settle()
        app.rename?.onSave?()
        await app.settle()
        #expect(app.question != nil && app.note.name == "Groceries")
    }

    @Test("a window that goes away with the dialog and its alert open frees every flow, model and router")
    func droppedWhileOpen() async {
        let live = LiveObjects()
        do {
            let app = NoteApp()
            app.type("Shopping")
            app.dialogHost.tapCancel()
            await app.settle()
            let flows = app.flow.children + app.flow.children.flatMap(\.children)
            let models: [AnyObject] = [app.rename!, app.question!, app.note]
            for object in [app.flow as AnyObject] + flows + models { live.track(object) }
            #expect(live.trackedCount == 6)
        }
        // The question's task gets nil, and ends, a few turns after the flows are gone.
        for _ in 0..<1_000 where live.liveCount > 0 { await Task.yield() }
        #expect(live.liveCount == 0, "alive: \(live.liveTypeNames)")
    }
}
