import Glibc
import Navigation
import NavigationTesting
import RayPets
import Testing

/// What the many-windows tests read of a window.
extension HarnessWindow {
    /// The shown page's model of the clinic tab.
    func top<Model>(_ type: Model.Type) -> Model { clinicHost.topModel(as: Model.self)! }
    /// The open "Discard …?" alert, if any.
    var question: DiscardQuestionModel? { alertHost.topModel(as: DiscardQuestionModel.self) }
}

@MainActor
@Suite("Many windows: the app's windows share the records, not their navigation")
struct ManyWindowsTests {
    /// A rig whose windows are recorded as they are made.
    final class Made { var windows: [HarnessWindow] = [] }

    static func rig(data: ClinicData = makeData()) -> (AppCoordinator, Made) {
        let made = Made()
        let settings = SettingsStore(path: makeTemporaryFolder() + "/settings")
        settings.completeWelcome()
        let app = AppCoordinator(data: data, settings: settings) {
            let window = HarnessWindow()
            made.windows.append(window)
            return window.parts()
        }
        return (app, made)
    }

    static func settle(_ made: Made) async { await NavigationTesting.settle() }

    @Test("New Window opens at Home; navigating in it leaves the first where it was")
    func newWindow() async {
        let (app, made) = Self.rig()
        let first = app.openWindow()
        #expect(await first.open(.pet("clover")))
        let second = app.newWindow()
        #expect(app.windows.windows.count == 2 && app.windows.focused === second)
        #expect(second.tabs.router(for: .clinic).routes == [.home])
        #expect(await second.open(.howToCode(.goOut)))
        made.windows[1].tabHost.tapBack()
        await Self.settle(made)
        #expect(first.tabs.router(for: .clinic).routes == [.home, .pets, .petDetail("clover")])
        #expect(first.tabs.selectedTab == .clinic)
        #expect(second.tabs.selectedTab == .learn)
        #expect(second.tabs.router(for: .learn).routes == [.learn, .howToCode(.wakeUp)])
        #expect(made.windows.map { $0.window.presentCount } == [1, 1], "each window shown once")
    }

    @Test("every window is saved and comes back where it was, at its size, the focused one on top")
    func saveAndRestore() async throws {
        let data = makeData()
        let (app, made) = Self.rig(data: data)
        let first = app.openWindow()
        made.windows[0].window.frame = WindowFrame(width: 900, height: 650, isMaximized: false)
        #expect(await first.open(.pet("clover")))
        let second = app.newWindow()
        made.windows[1].window.frame = WindowFrame(width: 500, height: 700, isMaximized: false)
        #expect(await second.open(.howToCode(.goOut)))
        app.windows.focus(first)
        let saved = app.state
        #expect(saved.windows.count == 2 && saved.focused == 0)
        let text = saved.encoded
        #expect(text.contains("version=4\nwindows=2\nfocused=0\n"), "\(text)")
        #expect(text.contains("window2.learn=learn,how-to-code:1,how-to-code:2"), "\(text)")

        let (again, remade) = Self.rig(data: data)
        #expect(await again.restore(try SavedWindows(decoding: text)))
        await Self.settle(remade)
        #expect(again.windows.windows.count == 2)
        #expect(again.state == saved, "same pages, tabs and sizes in the same order")
        #expect(again.windows.focused === again.windows.windows[0], "the focused one is focused again")
        #expect(remade.windows.map { $0.window.frame?.width } == [900, 500], "each at its size")
        #expect(remade.windows.map { $0.window.presentCount } == [2, 1], "the focused one raised last, on top")
    }

    @Test("quitting keeps every window's draft: each editor comes back with its own fields, in its own window")
    func draftsInEveryWindow() async throws {
        let data = makeData()
        let (app, made) = Self.rig(data: data)
        let first = app.openWindow()
        let second = app.newWindow()
        for (window, pet) in [(first, "clover"), (second, "rex")] { #expect(await window.open(.pet(pet))) }
        for (index, text) in [(0, "typed in the first"), (1, "typed in the second")] {
            made.windows[index].top(PetDetailsModel.self).edit()
            made.windows[index].top(PetEditorModel.self).set(.notes, to: text)
        }
        let text = app.state.encoded
        #expect(
            text.contains("draft-notes=typed%20in%20the%20first") && text.contains("window2.draft-page=edit-pet:rex"))

        let (again, remade) = Self.rig(data: data)
        #expect(await again.restore(try SavedWindows(decoding: text)))
        await Self.settle(remade)
        #expect(remade.windows[0].top(PetEditorModel.self).draft.notes == "typed in the first")
        #expect(remade.windows[1].top(PetEditorModel.self).draft.notes == "typed in the second")
        #expect(remade.windows.allSatisfy { $0.question == nil }, "nothing asked on the way back")
    }

    @Test("while one window's close asks, closing the other is closing the last: it quits, nothing lost")
    func twoClosesWaiting() async {
        let (app, made) = Self.rig()
        let first = app.openWindow()
        let second = app.newWindow()
        #expect(await second.open(.pet("clover")))
        made.windows[1].top(PetDetailsModel.self).edit()
        made.windows[1].top(PetEditorModel.self).set(.notes, to: "typed")
        let asking = Task.immediate { await app.requestClose(second) }
        await Self.settle(made)
        #expect(made.windows[1].question != nil)
        #expect(await app.requestClose(first) == .quit, "the other window is closing: this one is the last")
        #expect(app.windows.windows.count == 2 && app.state.windows.count == 2, "both saved as they are")
        #expect(app.state.windows[1].draft?.fields.notes == "typed")
        made.windows[1].question?.answer(.keepEditing)
        #expect(await asking.value == .kept)
        #expect(await app.requestClose(first) == .closed, "no longer closing: the first may go")
    }

    @Test("a link that comes while the windows are rebuilt waits, then opens in the focused one")
    func linkDuringRestore() async throws {
        let text =
            "version=3\nwindows=2\nfocused=1\ntab=clinic\nclinic=home,pets,pet-detail:clover\nlearn=learn\ndialog=\n"
            + "window2.tab=clinic\nwindow2.clinic=home\nwindow2.learn=learn\n"
            + "window2.dialog=pet-picker,visit-type:rex\n"
        let (app, made) = Self.rig()
        let restoring = Task.immediate { await app.restore(try SavedWindows(decoding: text)) }
        let link = Task.immediate { await app.open(uri: "raypets://learn/how-to-code/2") }
        // The picker's pet comes back a few turns later: the restore is still under way when
        // the link comes. Had the link not waited, it would have closed that dialog mid-way.
        #expect(try await restoring.value, "the restore was cut short by the link")
        #expect(await link.value)
        await Self.settle(made)
        #expect(app.windows.windows.count == 2)
        #expect(app.windows.windows[0].tabs.router(for: .clinic).routes == [.home, .pets, .petDetail("clover")])
        let focused = try #require(app.windows.focused)
        #expect(focused === app.windows.windows[1])
        #expect(
            focused.dialogRouter.routes.isEmpty,
            "the link closed the rebuilt dialog (nothing answered in it: nothing asked)")
        #expect(focused.tabs.selectedTab == .learn && focused.tabs.router(for: .learn).routes.count == 3)
    }

    @Test("a state file from before windows (version 2) restores as one window")
    func oldFile() async throws {
        let old = "version=2\ntab=learn\nclinic=home,pets\nlearn=learn,how-to-code:1\ndialog=\n"
        let saved = try SavedWindows(decoding: old)
        #expect(saved.windows.count == 1 && saved.focused == 0)
        let (app, made) = Self.rig()
        #expect(await app.restore(saved))
        await Self.settle(made)
        #expect(app.windows.windows.count == 1)
        #expect(app.windows.windows[0].tabs.router(for: .learn).routes == [.learn, .howToCode(.wakeUp)])
    }

    @Test(
        "a damaged window in a state file refuses the file whole (it was not written by RayPets)",
        arguments: [
            "version=3\nwindows=2\nfocused=0\ntab=clinic\nclinic=home\nlearn=learn\ndialog=\n",
            "version=3\nwindows=1\nfocused=3\ntab=clinic\nclinic=home\nlearn=learn\ndialog=\n",
            "version=3\nwindows=0\nfocused=0\n",
            "version=3\nwindows=2\nfocused=0\ntab=clinic\nclinic=home\nlearn=learn\ndialog=\n"
                + "window2.tab=clinic\nwindow2.clinic=home,kennel\nwindow2.learn=learn\nwindow2.dialog=\n",
        ])
    func damaged(text: String) {
        #expect(throws: NavigationState.DecodingError.self) { try SavedWindows(decoding: text) }
    }

    @Test("a deleted pet leaves every window's pages; a rename shows in every window; Undo brings it back in all")
    func dataAcrossWindows() async {
        let (app, made) = Self.rig()
        let first = app.openWindow()
        let second = app.newWindow()
        #expect(await first.open(.pet("clover")))
        #expect(await second.open(.pet("clover")))
        #expect(await second.open(.pets))
        _ = try? app.data.update("clover", with: PetDraft(name: "Clover B", species: .cat, age: "3", notes: ""))
        #expect(made.windows[0].top(PetDetailsModel.self).title == "Clover B")
        #expect(made.windows[1].top(PetListModel.self).row(at: 0).map(\.title) != nil)
        #expect(await first.open(.pet("clover")))
        made.windows[0].top(PetDetailsModel.self).delete()
        await Self.settle(made)
        #expect(app.data.pet(id: "clover") == nil)
        #expect(first.tabs.router(for: .clinic).routes == [.home, .pets])
        #expect(made.windows[0].feedback.toasts == ["Clover B deleted"])
        #expect(made.windows[1].feedback.toasts.isEmpty, "the toast shows where the user deleted")
        let countAfterDelete = made.windows[1].top(PetListModel.self).count
        #expect(made.windows[0].feedback.performToastAction())
        #expect(made.windows[1].top(PetListModel.self).count == countAfterDelete + 1, "Undo: back in every list")
    }

    @Test("deleting a pet another window is editing asks there; Keep editing keeps the pet, Discard deletes it")
    func deleteAsksOtherWindow() async {
        let (app, made) = Self.rig()
        let first = app.openWindow()
        let second = app.newWindow()
        #expect(await second.open(.pet("clover")))
        made.windows[1].top(PetDetailsModel.self).edit()
        made.windows[1].top(PetEditorModel.self).set(.notes, to: "typed in the second window")
        #expect(await first.open(.pet("clover")))

        made.windows[0].top(PetDetailsModel.self).delete()
        await Self.settle(made)
        let question = made.windows[1].question
        #expect(question != nil, "the question opens in the window with the edits")
        #expect(question?.subject == .changesToDeletedPet && question?.answers == [.keepEditing, .discard])
        #expect(question?.body.contains("being deleted in another window") == true, "it says why it asks")
        #expect(made.windows[0].question == nil)
        question?.answer(.keepEditing)
        await Self.settle(made)
        // The answer reaches the deleting window a few main-actor turns later (no page changes
        // on the way for `settle` to wait for).
        for _ in 0..<200 where made.windows[0].feedback.notices.isEmpty { await Task.yield() }
        #expect(app.data.pet(id: "clover") != nil, "kept: nothing deleted")
        #expect(made.windows[1].top(PetEditorModel.self).draft.notes == "typed in the second window")
        #expect(made.windows[0].feedback.notices.last?.contains("another window") == true)
        #expect(first.tabs.router(for: .clinic).routes == [.home, .pets, .petDetail("clover")])

        made.windows[0].top(PetDetailsModel.self).delete()
        await Self.settle(made)
        made.windows[1].question?.answer(.discard)
        await Self.settle(made)
        #expect(app.data.pet(id: "clover") == nil)
        #expect(second.tabs.router(for: .clinic).routes == [.home, .pets])
        #expect(first.tabs.router(for: .clinic).routes == [.home, .pets])
    }

    @Test("two editors of one pet: the second save sees the first and says so; saving again saves")
    func twoEditors() async {
        let (app, made) = Self.rig()
        let first = app.openWindow()
        let second = app.newWindow()
        for window in [first, second] { #expect(await window.open(.pet("clover"))) }
        for rig in made.windows { rig.top(PetDetailsModel.self).edit() }
        made.windows[0].top(PetEditorModel.self).set(.notes, to: "first")
        made.windows[1].top(PetEditorModel.self).set(.notes, to: "second")
        made.windows[0].top(PetEditorModel.self).save()
        await Self.settle(made)
        #expect(app.data.pet(id: "clover")?.notes == "first")
        let editor = made.windows[1].top(PetEditorModel.self)
        editor.save()
        await Self.settle(made)
        #expect(app.data.pet(id: "clover")?.notes == "first", "not overwritten silently")
        #expect(editor.saveError?.contains("changed in another window") == true)
        #expect(second.tabs.router(for: .clinic).topPage?.route == .editPet("clover"), "the editor stays")
        editor.save()
        await Self.settle(made)
        #expect(app.data.pet(id: "clover")?.notes == "second", "seen, then saved over")
    }

    @Test("a link opens in the window used last; window=new opens a new one")
    func links() async {
        let (app, _) = Self.rig()
        let first = app.openWindow()
        let second = app.newWindow()
        app.windows.focus(first)
        #expect(await app.open(uri: "raypets://clinic/info"))
        #expect(first.tabs.router(for: .clinic).routes == [.home, .clinicInfo])
        #expect(second.tabs.router(for: .clinic).routes == [.home])
        #expect(await app.open(uri: "raypets://learn/how-to-code/2?window=new"))
        #expect(app.windows.windows.count == 3 && app.windows.focused?.tabs.selectedTab == .learn)
        #expect(
            LinkWindow.split("raypets://clinic/appointment?pet=rex&window=new&visit=well")
                == ("raypets://clinic/appointment?pet=rex&visit=well", true))
        #expect(LinkWindow.split("raypets://clinic?window=newer") == ("raypets://clinic?window=newer", false))
    }

    @Test("Open in New Window: the pet's page with My pets below it, in a new window")
    func openInNewWindow() async {
        let (app, made) = Self.rig()
        let first = app.openWindow()
        #expect(await first.open(.pets))
        made.windows[0].top(PetListModel.self).openInNewWindow(at: 0)
        await Self.settle(made)
        #expect(app.windows.windows.count == 2)
        let pet = made.windows[0].top(PetListModel.self).rowID(at: 0)!
        #expect(app.windows.windows[1].tabs.router(for: .clinic).routes == [.home, .pets, .petDetail(pet)])
        #expect(first.tabs.router(for: .clinic).routes == [.home, .pets])
    }

    @Test("closing one window of several: unsaved edits ask first; once closed, nothing of it stays alive")
    func closeWindow() async {
        let (app, made) = Self.rig()
        let live = LiveObjects()
        let first = app.openWindow()
        do {
            let second = app.newWindow()
            #expect(await second.open(.pet("clover")))
            made.windows[1].top(PetDetailsModel.self).edit()
            made.windows[1].top(PetEditorModel.self).set(.notes, to: "unsaved")
            var queue: [any Coordinator] = [second]
            while let next = queue.popLast() {
                live.track(next)
                queue.append(contentsOf: next.children)
            }
            for page in made.windows[1].hosts.flatMap(\.pages) { live.track(page.model) }
            #expect(live.liveCount >= 6)

            let kept = Task.immediate { await app.requestClose(second) }
            await Self.settle(made)
            made.windows[1].question?.answer(.keepEditing)
            #expect(await kept.value == .kept)
            #expect(second.tabs.router(for: .clinic).topPage?.route == .editPet("clover"))

            let closed = Task.immediate { await app.requestClose(second) }
            await Self.settle(made)
            made.windows[1].question?.answer(.discard)
            #expect(await closed.value == .closed)
            app.windowDidClose(second)
            made.windows.removeLast()
        }
        await Self.settle(made)
        #expect(live.liveCount == 0, "still alive: \(live.liveTypeNames)")
        #expect(app.windows.windows.count == 1 && app.windows.focused === first)
        #expect(await app.requestClose(first) == .quit, "the last window quits")
    }
}
