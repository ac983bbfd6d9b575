import Gtk
import Navigation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A *Navigation* page in GTK Inspector (Ctrl+Shift+I, or `GTK_DEBUG=interactive`): per window,
/// every router's stack (each page's route, title and model type; which pages are shown, so a
/// split shows both its sides; which have a leave guard), after it, dimmed, the pages it keeps
/// for Forward (`PageRouter/forwardPages`, the next first), and the question a guard is asking;
/// beside it, the group's journal (`NavigationJournal`), newest first, for every window or one;
/// a chosen page's details (its model's stored properties, as Swift reflects them: a debugging
/// view on this machine, which may show what a user typed; the export never does); and a button
/// that exports the journal to a file.
///
/// The page is made when the inspector opens and follows the journal while it is open: until
/// then it costs nothing. See *Inspecting and replaying navigation* in `Navigation`.
@MainActor
public enum NavigationInspector {
    /// Adds the Navigation page to GTK Inspector for the window group `windows` gives (`nil`:
    /// none yet) and the journal it records into (`WindowGroup/init(journal:)`). The export
    /// button writes a journal file into `exportFolder` (by default the user's cache folder,
    /// `~/.cache`, in a folder named after the program) and says where. Call it before the
    /// application runs: `GTK_DEBUG=interactive` opens the inspector as GTK starts, before the
    /// app has windows; the page reads them again each time it is shown, and follows the
    /// journal once there is one. Returns `false` if a page was added already.
    @discardableResult
    public static func install<Window: NavigationWindow>(
        exportFolder: String? = nil, _ windows: @escaping @MainActor () -> WindowGroup<Window>?
    ) -> Bool {
        let folder = exportFolder ?? defaultExportFolder()
        return InspectorPage.register(name: "navigation", title: "Navigation") {
            let content = makeContent(exportFolder: folder, windows)
            lastContent = content
            return (content.root, content)
        }
    }

    /// The content the inspector last made (tests read it), while it lives.
    package private(set) static weak var lastContent: InspectorContent?

    /// The page's content for the group `windows` gives (what the inspector shows; tests build
    /// it directly).
    package static func makeContent<Window: NavigationWindow>(
        exportFolder: String, _ windows: @escaping @MainActor () -> WindowGroup<Window>?
    ) -> InspectorContent {
        let content = InspectorContent(exportFolder: exportFolder)
        content.source = {
            guard let group = windows() else { return nil }
            return Snapshot(group)
        }
        content.refresh()
        return content
    }

    /// `$XDG_CACHE_HOME` (else `~/.cache`), in a folder named after the program.
    private static func defaultExportFolder() -> String {
        let cache =
            getenv("XDG_CACHE_HOME").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (getenv("HOME").map { String(cString: $0) } ?? "/tmp") + "/.cache"
        let program = CommandLine.arguments.first?.split(separator: "/").last.map(String.init) ?? "navigation"
        return cache + "/" + program
    }

    /// What the page shows of a window group, read when it refreshes.
    @MainActor
    package struct Snapshot {
        /// Each window's lines, in opening order, with its number; a dimmed line is a page
        /// kept for Forward (there, but not on the stack).
        package let windows: [(number: Int, lines: [Line])]
        /// The group's journal.
        package let journal: NavigationJournal?
        /// Every page of every window, with what it holds: a name to choose it by, and its
        /// details (its model's stored properties, as Swift reflects them).
        package let pages: [(name: String, details: String)]

        init<Window: NavigationWindow>(_ group: WindowGroup<Window>) {
            let focused = group.focused
            windows = group.windows.enumerated().map { index, window in
                let number = group.number(of: window) ?? index + 1
                var lines = [Line(text: "Window \(number)\(window === focused ? " (focused)" : "")")]
                for (router, name) in zip(window.routers, window.routerNames) {
                    lines += Self.describe(router, name: name)
                }
                return (number, lines)
            }
            journal = group.journal
            var pages: [(name: String, details: String)] = []
            for window in group.windows {
                let number = group.number(of: window) ?? 0
                for (router, name) in zip(window.routers, window.routerNames) {
                    pages += (router.pages + Self.kept(by: router)).map {
                        Self.details(of: $0, in: router, place: "\(number) \(name)")
                    }
                }
            }
            self.pages = pages
        }

        /// A page's name in the chooser, and what it holds.
        private static func details<Route: NavigationRoute>(
            of page: Page<Route>, in router: any Router<Route>, place: String
        ) -> (name: String, details: String) {
            let onStack = router.pages.contains { $0.id == page.id }
            let shown = router.isShown(page.id) ? "yes" : onStack ? "no" : "no, kept for Forward"
            var lines = [
                "\(page.route)  “\(page.title)”", "window and router: \(place)", "page: \(page.id)",
                "model: \(type(of: page.model))",
                "shown: \(shown)",
                "leave guard: \(router.hasLeaveGuard(page.id) ? "yes" : "no")", "", "what the model holds:",
            ]
            for child in Mirror(reflecting: page.model).children {
                let value = String(describing: child.value)
                lines.append("  \(child.label ?? "-"): \(value.count > 160 ? value.prefix(160) + "…" : value)")
            }
            return ("\(place) · \(page.route)", lines.joined(separator: "\n"))
        }

        /// The pages `router` keeps for Forward, the next first (none for a router that is not a
        /// `PageRouter`).
        private static func kept<Route: NavigationRoute>(by router: any Router<Route>) -> [Page<Route>] {
            (router as? PageRouter<Route>)?.forwardPages ?? []
        }

        /// A router's lines: its stack, bottom first, then (dimmed) the pages Forward would
        /// bring back, the next first, and the question asked, if any.
        private static func describe<Route: NavigationRoute>(_ router: any Router<Route>, name: String) -> [Line] {
            let pages = router.pages
            let kept = Self.kept(by: router)
            let kind = String(describing: type(of: router)).split(separator: "<").first.map(String.init) ?? "Router"
            guard !pages.isEmpty || !kept.isEmpty else { return [Line(text: "  \(name) (\(kind)): empty")] }
            var lines = [Line(text: "  \(name) (\(kind)):")]
            func line(_ page: Page<Route>, _ marks: [String]) -> String {
                let model = String(describing: type(of: page.model))
                return "    \(page.route)  “\(page.title)”  \(model)"
                    + (marks.isEmpty ? "" : "  · " + marks.joined(separator: " · "))
            }
            for page in pages {
                var marks: [String] = []
                if router.isShown(page.id) { marks.append("shown") }
                if router.hasLeaveGuard(page.id) { marks.append("leave guard") }
                lines.append(Line(text: line(page, marks)))
            }
            for page in kept {
                let marks = ["kept for Forward"] + (router.hasLeaveGuard(page.id) ? ["leave guard"] : [])
                lines.append(Line(text: line(page, marks), dimmed: true))
            }
            if pages.filter({ router.isShown($0.id) }).count > 1 {
                lines.append(Line(text: "    (side by side: a sidebar and its content)"))
            }
            if let question = router.pendingLeave {
                lines.append(
                    Line(text: "    question open: may \(question.page.route) leave? (reason \(question.reason))"))
            }
            return lines
        }
    }

    /// A line of the stacks' text: dimmed for a page kept for Forward.
    package struct Line {
        package var text: String
        package var dimmed = false
    }
}

/// The inspector page's widgets and what keeps them up to date (`NavigationInspector`).
@MainActor
package final class InspectorContent {
    /// The page's root: put it in the inspector's page.
    package let root = Box(.vertical, spacing: 6)
    /// The windows' stacks, as text.
    package let stacks = TextView()
    /// The journal, newest first, as text.
    package let journal = TextView()
    /// Which window's events the journal shows: 0 for all, else the window's number.
    package var shownWindow = 0 {
        didSet { refresh() }
    }
    /// The chosen page's details (`Snapshot.pages`).
    package let details = TextView()
    /// Which page's details show, by its name in the chooser (`nil`: none chosen).
    package var chosenPage: String? {
        didSet { refresh() }
    }
    /// What the export button last did.
    package let status = Label("")
    private let pageRow = Box(.horizontal, spacing: 6)
    private var pageNames: [String] = []
    private let exportFolder: String
    private let filterRow = Box(.horizontal, spacing: 6)
    private var filterNumbers: [Int] = []
    private var windowCount = 0
    fileprivate var source: (@MainActor () -> NavigationInspector.Snapshot?)?
    private var observation: StackObservation?
    private var refreshPending = false
    private var connections: [SignalConnection] = []

    init(exportFolder: String) {
        self.exportFolder = exportFolder
        root.setMargins(top: 12, bottom: 12, start: 12, end: 12)
        let export = Button(label: "Export the journal…")
        connections.append(export.onClicked { [weak self] in _ = self?.export() })
        // Shown again (the inspector's tab chosen, the inspector reopened): read anew.
        connections.append(
            root.connect("map") { [weak self] in
                self?.refresh()
                Log(domain: "GtkNavigation").debug(
                    "the inspector's Navigation page is shown: \(self?.windowCount ?? 0) window(s)")
            })
        // The windows' stacks above the chosen page's details, the journal beside them.
        let header = Box(.horizontal, spacing: 12)
        pageRow.append(Label("Page:"))
        header.append(pageRow)
        header.append(filterRow)
        header.append(export)
        root.append(header)
        status.alignStart()
        status.isVisible = false
        root.append(status)
        let left = Box(.vertical, spacing: 12)
        let panes = Box(.horizontal, spacing: 12)
        for (view, box) in [(stacks, left), (details, left), (journal, panes)] {
            view.isEditable = false
            view.addCSSClass("monospace")
            let scrolled = ScrolledWindow(child: view)
            scrolled.setExpand(horizontal: true, vertical: true)
            box.append(scrolled)
            if view === details { panes.append(left) }
        }
        left.setExpand(horizontal: true, vertical: true)
        panes.setExpand(horizontal: true, vertical: true)
        root.append(panes)
    }

    /// Reads the windows and the journal again; while the page lives, every event the journal
    /// records does this too, once per turn of the main loop.
    package func refresh() {
        guard let snapshot = source?() else {
            stacks.text = "No windows yet: they show here once the app has opened them."
            return
        }
        if observation == nil, let recorded = snapshot.journal {
            observation = recorded.observe { [weak self] in self?.refreshSoon() }
        }
        windowCount = snapshot.windows.count
        // Lines joined by newlines, windows by an empty line.
        var runs: [(text: String, dimmed: Bool)] = []
        for (index, window) in snapshot.windows.enumerated() {
            if index > 0 { runs.append(("\n\n", false)) }
            for (number, line) in window.lines.enumerated() {
                if number > 0 { runs.append(("\n", false)) }
                runs.append((line.text, line.dimmed))
            }
        }
        stacks.text = ""
        for run in runs { stacks.append(run.text, dimmed: run.dimmed) }
        updateFilter(snapshot.windows.map { $0.number })
        updatePageChooser(snapshot.pages.map { $0.name })
        details.text =
            snapshot.pages.first { $0.name == chosenPage }?.details ?? "Choose a page above to see what it holds."
        let events = (snapshot.journal?.events ?? []).reversed().filter { shownWindow == 0 || $0.window == shownWindow }
        journal.text = events.map(Self.line).joined(separator: "\n")
    }

    /// Writes the journal to a new file in the export folder (mode 0600; never over a file
    /// there: a second export in the same second gets `-2`); returns its path, or `nil` (the
    /// status says why).
    @discardableResult
    package func export() -> String? {
        guard let recorded = source?()?.journal else {
            status.text = "No journal to export."
            status.isVisible = true
            return nil
        }
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let stamp =
            "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))-"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
        let base = exportFolder + "/navigation-journal-\(stamp)"
        var path = base + ".txt"
        // A new file, the user's alone (0600), never one already there: a second export in
        // the same second is `-2`, and so on.
        var fd: Int32 = -1
        if Self.makeFolders(exportFolder) {
            for number in 1...1000 {
                path = number == 1 ? base + ".txt" : base + "-\(number).txt"
                fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
                if fd >= 0 || errno != EEXIST { break }
            }
        }
        guard fd >= 0 else {
            status.text = "Could not write \(path): \(String(cString: strerror(errno)))"
            status.isVisible = true
            return nil
        }
        let bytes = Array(recorded.export().utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            offset += count
        }
        let failure = offset < bytes.count ? errno : 0
        guard close(fd) == 0, failure == 0 else {
            status.text = "Could not write \(path): \(String(cString: strerror(failure != 0 ? failure : errno)))"
            status.isVisible = true
            return nil
        }
        status.text = "Exported \(recorded.events.count) events to \(path)"
        status.isVisible = true
        return path
    }

    /// Makes `path` and the folders above it (mode 0700) where missing.
    private static func makeFolders(_ path: String) -> Bool {
        var built = ""
        for part in path.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o700) != 0 && errno != EEXIST { return false }
        }
        return true
    }

    private func refreshSoon() {
        guard !refreshPending else { return }
        refreshPending = true
        MainLoop.whenIdle { [weak self] in
            self?.refreshPending = false
            self?.refresh()
        }
    }

    /// The window filter: "All windows" and each open window, remade when the windows change.
    private func updateFilter(_ numbers: [Int]) {
        guard numbers != filterNumbers else { return }
        filterNumbers = numbers
        let items = ["All windows"] + numbers.map { "Window \($0)" }
        let dropDown = DropDown(items: items)
        dropDown.selectedIndex = numbers.firstIndex(of: shownWindow).map { $0 + 1 } ?? 0
        connections.append(
            dropDown.onSelected { [weak self, weak dropDown] in
                guard let self, let index = dropDown?.selectedIndex else { return }
                let number = index == 0 ? 0 : self.filterNumbers[index - 1]
                if number != self.shownWindow { self.shownWindow = number }
            })
        filterRow.removeAll()
        filterRow.append(dropDown)
    }

    /// The page chooser: every page of every window, remade when the pages change.
    private func updatePageChooser(_ names: [String]) {
        guard names != pageNames else { return }
        pageNames = names
        let dropDown = DropDown(items: ["(none)"] + names)
        dropDown.selectedIndex = chosenPage.flatMap { names.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        connections.append(
            dropDown.onSelected { [weak self, weak dropDown] in
                guard let self, let index = dropDown?.selectedIndex else { return }
                let name = index == 0 ? nil : self.pageNames[index - 1]
                if name != self.chosenPage { self.chosenPage = name }
            })
        pageRow.removeAll()
        pageRow.append(Label("Page:"))
        pageRow.append(dropDown)
    }

    /// One event as the journal shows it: seconds, window, router, what.
    private static func line(_ event: NavigationEvent) -> String {
        let milliseconds = Int(event.time / .milliseconds(1))
        let seconds = "\(milliseconds / 1000).\(String(1000 + milliseconds % 1000).dropFirst())"
        return "\(seconds) s  \(event)"
    }
}
