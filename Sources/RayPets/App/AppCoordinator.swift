import Navigation

/// The application: the services every window shares (the records, the settings, the
/// clinic's details) and one `WindowCoordinator` per window, in a `WindowGroup`. It opens
/// windows (at Home, on a link, as saved), closes them with their leave guards asked, sends
/// a link to the window the user used last, and asks every window before a pet with unsaved
/// edits somewhere is deleted. See "Many windows" in the documentation.
@MainActor
public final class AppCoordinator: AllWindows {
    /// What navigation did, in every window: always on (`NavigationJournal`), exported with
    /// `raypets --export-journal=FILE` and shown by GTK Inspector's Navigation page.
    public let journal = NavigationJournal()
    /// The open windows, each with its own coordinator tree, recording into `journal`.
    public let windows: WindowGroup<WindowCoordinator>
    /// The clinic's records: one set, every window shows them.
    public let data: ClinicData
    /// The settings file (the welcome flag).
    public let settings: SettingsStore
    /// The clinic's address, phone and opening hours.
    public let clinic: ClinicInfo
    private let makeParts: @MainActor () -> WindowParts
    /// The windows' pages being rebuilt from a saved state: a link waits for it.
    private var restoring: Task<Bool, Never>?
    /// Called with each window's coordinator once it is made, before it starts (the app logs
    /// its stacks from there).
    public var onWindowOpened: (@MainActor (WindowCoordinator) -> Void)?

    /// The application over `data` and `settings`; `makeWindow` makes a window's parts (its
    /// window, hosts' routers, feedback and questions) each time one opens.
    public init(
        data: ClinicData, settings: SettingsStore, clinic: ClinicInfo = .rayPets,
        makeWindow: @escaping @MainActor () -> WindowParts
    ) {
        self.data = data
        self.settings = settings
        self.clinic = clinic
        self.makeParts = makeWindow
        windows = WindowGroup(journal: journal)
    }

    /// Opens a window at `frame`'s size (the window's default without one), shows it and
    /// starts its coordinators: the welcome page on the first launch, else each tab at its
    /// root. The new window is the focused one.
    @discardableResult
    public func openWindow(frame: WindowFrame? = nil) -> WindowCoordinator {
        let parts = makeParts()
        if let frame { parts.window.restore(frame) }
        let services = ClinicServices(
            data: data, settings: settings, clinic: clinic, feedback: parts.feedback, questions: parts.questions,
            windows: self)
        let window = WindowCoordinator(
            window: parts.window, welcomeRouter: parts.welcomeRouter, tabs: parts.tabs,
            dialogRouter: parts.dialogRouter, services: services)
        windows.add(window)
        // The welcome page's router and the alerts' are not among the window's (closing a
        // window asks neither): the journal records them too.
        let number = windows.number(of: window)
        parts.welcomeRouter.journalPlace = JournalPlace(journal: journal, window: number, router: "welcome")
        parts.questions.router.journalPlace = JournalPlace(journal: journal, window: number, router: "alert")
        parts.tabs.journalPlace = JournalPlace(journal: journal, window: number, router: "tabs")
        onWindowOpened?(window)
        window.start()
        return window
    }

    /// *New Window* (Ctrl+N): a window at Home. On the first launch's welcome page there is
    /// nothing to open yet: the welcome window is raised instead.
    @discardableResult
    public func newWindow() -> WindowCoordinator {
        journal.record(.action("new-window"), window: windows.focused.flatMap(windows.number(of:)))
        if !settings.hasCompletedWelcome, let focused = windows.focused {
            focused.start()
            return focused
        }
        return openWindow()
    }

    /// *Open in New Window*: a new window on `link`'s page, with the pages below it a user's
    /// clicks would have put there. Whether the link's page was reached.
    @discardableResult
    public func openInNewWindow(_ link: DeepLink) async -> Bool {
        await newWindow().open(link)
    }

    /// Opens the link text `uri` (the command line, another launch, `app.open-route`) where
    /// the rule says: in the window the user used last, or in a new window when the link
    /// ends in `window=new` (`LinkWindow`) or no window is open. On the first launch's welcome
    /// page the link waits in the welcome window, `window=new` and all, and opens after *Get
    /// started* (`WindowCoordinator/open(uri:)`): in a new window if it asked for one. Whether
    /// its page was reached.
    @discardableResult
    public func open(uri: String) async -> Bool {
        if let restoring { _ = await restoring.value }  // not into a window still being rebuilt
        // A link names routes and pets, as the journal does: no text a user typed in a page.
        journal.record(.action("open-link \(uri)"), window: windows.focused.flatMap(windows.number(of:)))
        let (link, wantsNew) = LinkWindow.split(uri)
        if wantsNew, !settings.hasCompletedWelcome, let welcome = windows.focused {
            // No window to open yet: the welcome window keeps the link as it came.
            welcome.start()  // raised
            return await welcome.open(uri: uri)
        }
        let window = wantsNew || windows.focused == nil ? newWindow() : windows.focused!
        window.start()  // raised
        return await window.open(uri: link)
    }

    /// The user asked to close `window` (close button, Ctrl+W): see
    /// `WindowGroup/requestClose(_:)`. On `.closed` destroy the window; on `.quit` save
    /// `state` and quit.
    public func requestClose(_ window: WindowCoordinator) async -> WindowClosing {
        journal.record(.action("close-window"), window: windows.number(of: window))
        // Pages with unsaved work ask now: a closed window's pages cannot come back.
        window.services.questions.isClosingWindow = true
        defer { window.services.questions.isClosingWindow = false }
        return await windows.requestClose(window)
    }

    /// Writes the journal (`JournalFile`'s format) to `path`, atomically (the file is whole or
    /// as it was), unless `JournalExport.refusal` refuses the path (`ownFiles`: the app's
    /// records, state and settings files). Returns what went wrong, or `nil`.
    public func exportJournal(to path: String, sparing ownFiles: [FilePath]) -> String? {
        if let refusal = JournalExport.refusal(of: FilePath(path), sparing: ownFiles) { return refusal }
        return AtomicFile.write(journal.export(), to: FilePath(path))
    }

    /// `window` was destroyed: its flows end, and the unsaved changes on its shelf (editors
    /// that ended with them) go to another window's, for those pets' next editors.
    public func windowDidClose(_ window: WindowCoordinator) {
        windows.remove(window)
        window.dismiss(animated: false)  // pages still kept for Forward end, shelving their changes
        let drafts = window.services.questions.drafts
        window.services.questions.drafts = []
        if let heir = windows.windows.first { heir.services.questions.drafts += drafts }
    }

    /// Whether the saved windows are still being rebuilt (`restore(_:)`): their state now is
    /// not yet what was saved.
    public var isRestoring: Bool { restoring != nil }

    /// Every window's navigation state, in the order they were opened, and the focused one.
    public var state: SavedWindows { windows.snapshot { $0.navigationState } }

    /// Opens a window for each of `saved`'s, in their order, each at its size; the one that
    /// had the focus is raised last (on top) and is the focused one. Then rebuilds each
    /// window's pages. Returns `false` if a page of some window was left out or not reached.
    /// A link that comes meanwhile (`open(uri:)`) waits until every window is rebuilt. A
    /// snapshot with no window opens one at Home.
    @discardableResult
    public func restore(_ saved: SavedWindows) async -> Bool {
        guard !saved.windows.isEmpty else {
            openWindow()  // nothing saved to open: one window, at Home
            return true
        }
        let opened = saved.windows.map { (openWindow(frame: $0.window), $0) }
        if opened.indices.contains(saved.focused) {
            let focused = opened[saved.focused].0
            windows.focus(focused)
            focused.start()
        }
        let rebuilding = Task.immediate { @MainActor in
            var complete = true
            for (window, state) in opened where !(await window.restore(state)) { complete = false }
            return complete
        }
        restoring = rebuilding
        defer { if restoring == rebuilding { restoring = nil } }
        return await rebuilding.value
    }

    /// Before `pet` is deleted: every window's pages of it that hold unsaved work ask first
    /// (`WindowGroup/requestRemoval(of:)`). Whether the delete may go ahead.
    public func mayDelete(_ pet: Pet.ID) async -> Bool {
        // Every window's questions know, so an editor's says the pet is being deleted. (Held
        // weakly: a window closed meanwhile is freed.)
        let asked = windows.windows.map { WeakQuestions(value: $0.services.questions) }
        for questions in asked { questions.value?.petsBeingDeleted[pet, default: 0] += 1 }
        defer {
            for case let questions? in asked.map(\.value) {
                questions.petsBeingDeleted[pet, default: 1] -= 1
                if questions.petsBeingDeleted[pet] == 0 { questions.petsBeingDeleted[pet] = nil }
            }
        }
        return await windows.requestRemoval(of: { $0.pet == pet })
    }

    /// Whether a delete of `pet` is waiting for another window's answer.
    public func isDeleting(_ pet: Pet.ID) -> Bool {
        windows.windows.contains { $0.services.questions.petsBeingDeleted[pet] != nil }
    }

    /// Where a toast about what a window did shows (a Delete's Undo): in that window, whose
    /// notices and toasts are `feedback`, if it is still open; else in the window the user used
    /// last (the one that did it was closed meanwhile, e.g. while another window asked).
    /// `nil` when no window is open.
    public func feedback(preferring feedback: any Feedback) -> (any Feedback)? {
        if windows.windows.contains(where: { $0.services.feedback === feedback }) { return feedback }
        return windows.focused?.services.feedback
    }

    /// Opens a new window on `pet`'s page (My pets below it), as a row's *Open in New Window*.
    public func openInNewWindow(pet: Pet.ID) {
        Task.immediate { @MainActor in await self.openInNewWindow(.pet(pet)) }
    }
}

/// A window's questions, held weakly while a delete asks.
@MainActor
private struct WeakQuestions {
    weak var value: Questions?
}

/// Where a navigation journal may be written: a new file, or over a journal written before —
/// never over one of the app's own files, nor over any other file.
@MainActor
public enum JournalExport {
    /// Why the journal is not written to `path`, for a person, or `nil` when it may be:
    /// `path` names one of `ownFiles` (or its SQLite companions, `-wal`, `-shm`, `-journal`),
    /// by name or as the same file; or a file is there that does not start as a navigation
    /// journal does (`JournalFile`: `navigation-journal 1`).
    public static func refusal(of path: FilePath, sparing ownFiles: [FilePath]) -> String? {
        let target = ClinicDatabase.resolvingFolder(path)
        let existing = path.status().map(FileIdentity.init)
        for own in ownFiles {
            for companion in [own, own + "-wal", own + "-shm", own + "-journal"] {
                let same =
                    ClinicDatabase.resolvingFolder(companion) == target
                    || (existing != nil && FileIdentity(companion) == existing)
                if same {
                    return L(
                        "{file} is one of RayPets' own files: the navigation journal is not written over it. Choose a new file.",
                        ["file": path.description])
                }
            }
        }
        guard path.linkStatus() != nil else { return nil }
        var problem: String?
        let start = AtomicFile.read(path, problem: &problem).map { $0.prefix(JournalFile.firstLine.count) }
        guard start == JournalFile.firstLine[...] else {
            return L(
                "{file} exists and is not a navigation journal: RayPets does not write over it. Choose a new file.",
                ["file": path.description])
        }
        return nil
    }
}
