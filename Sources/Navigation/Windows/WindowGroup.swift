/// The windows of an app that opens many, each with its own coordinator tree: the order they
/// were opened in, which one the user used last, closing one with its leave guards asked, and
/// a snapshot of all of them to save.
///
/// The group holds its windows strongly until they are removed: remove a window when it is
/// destroyed, and nothing of it is kept.
@MainActor
public final class WindowGroup<Window: NavigationWindow> {
    /// The open windows, in the order they were opened.
    public private(set) var windows: [Window] = []
    /// The windows from the least to the most recently focused.
    private var focusOrder: [Window] = []
    /// The windows whose close is asking their pages now: a second request, and a record's
    /// removal, wait for its answer.
    private var closing: [ObjectIdentifier: SharedOutcome<WindowClosing>] = [:]

    /// Each open window's number: 1 for the first window opened, and so on, never reused.
    private var numbers: [ObjectIdentifier: Int] = [:]
    private var lastNumber = 0

    /// Where the windows' routers record what they do, and the group its windows: `nil`,
    /// nothing is recorded.
    public let journal: NavigationJournal?

    /// A group with no windows. With `journal`, every router of every window added records
    /// into it (`Router/journalPlace`: the window's number, and the router's name from
    /// `NavigationWindow/routerNames`), and the group records each window opened, focused
    /// and closed.
    public init(journal: NavigationJournal? = nil) {
        self.journal = journal
    }

    /// The number `window` was given when it was added (1 for the first window), or `nil` if
    /// it is not in the group: how the journal names it.
    public func number(of window: Window) -> Int? { numbers[ObjectIdentifier(window)] }

    /// The window the user used last (a new window counts as used), or `nil` if none is open:
    /// where a link opens.
    public var focused: Window? { focusOrder.last }

    /// Adds `window`, which becomes the focused one. Adding a window twice does nothing.
    public func add(_ window: Window) {
        guard !windows.contains(where: { $0 === window }) else { return }
        windows.append(window)
        focusOrder.append(window)
        lastNumber += 1
        numbers[ObjectIdentifier(window)] = lastNumber
        guard let journal else { return }
        journal.record(.windowOpened, window: lastNumber)
        let names = window.routerNames
        for (index, router) in window.routers.enumerated() {
            let name = index < names.count ? names[index] : "router \(index + 1)"
            router.journalPlace = JournalPlace(journal: journal, window: lastNumber, router: name)
        }
    }

    /// The user moved to `window` (it got the keyboard focus). Does nothing for a window not
    /// in the group.
    public func focus(_ window: Window) {
        guard let index = focusOrder.firstIndex(where: { $0 === window }) else { return }
        if index != focusOrder.count - 1 { journal?.record(.windowFocused, window: number(of: window)) }
        focusOrder.append(focusOrder.remove(at: index))
    }

    /// Removes `window` (it was destroyed): every page still on its routers leaves without
    /// asking (the window is gone: `Router/removeAll(where:animated:)`), so every flow of the
    /// window ends and a question about its pages becomes moot; the group no longer holds it.
    public func remove(_ window: Window) {
        guard windows.contains(where: { $0 === window }) else { return }
        let number = number(of: window)
        numbers[ObjectIdentifier(window)] = nil
        windows.removeAll { $0 === window }
        focusOrder.removeAll { $0 === window }
        closing[ObjectIdentifier(window)] = nil
        for router in window.routers where !router.pages.isEmpty {
            router.removeAll(where: { _ in true }, animated: false)
        }
        journal?.record(.windowClosed, window: number)
    }

    /// The user asked to close `window` (its close button, Ctrl+W). The last window quits the
    /// app: nothing is asked, nothing leaves (quitting keeps drafts; save the snapshot now) —
    /// and a window is the last when every other one is itself closing, asking its pages.
    /// Otherwise every page of the window leaves, each router asked in `routers`' order with
    /// reason `close`, so a page with unsaved work asks first; if one is kept, the window
    /// stays. A window that closes is removed from the group. A second request while the
    /// first asks waits for the same answer (no second question).
    public func requestClose(_ window: Window) async -> WindowClosing {
        let id = ObjectIdentifier(window)
        guard windows.contains(where: { $0 === window }) else { return .closed }
        if let asking = closing[id] { return await asking.wait() }
        guard windows.contains(where: { $0 !== window && closing[ObjectIdentifier($0)] == nil }) else {
            return .quit
        }
        // Started on the next turn, so that it is known as this window's close before it asks.
        let asking = SharedOutcome<WindowClosing>()
        NavigationWork.task { [weak self, window] in
            asking.set(await self?.close(window) ?? .closed)
        }
        closing[id] = asking
        return await asking.wait()
    }

    /// Asks `window`'s pages to leave for `close`, then removes the window if they all left.
    private func close(_ window: Window) async -> WindowClosing {
        defer { closing[ObjectIdentifier(window)] = nil }
        for router in window.routers
        where !router.pages.isEmpty || router.pendingLeave != nil || !router.forwardPages.isEmpty {
            guard await router.request(.dismissAll, reason: .close, animated: false) else { return .kept }
        }
        remove(window)
        return .closed
    }

    /// Before a record is deleted in one window, its pages in every window that hold work a
    /// leave guard protects (an editor of it with changes) are asked, each where it is, with
    /// reason `code`. Whether every one agreed: if one is kept, don't delete. Nothing leaves
    /// here: the pages of it stay until the record is gone (then navigation follows the data:
    /// `Router/removeAll(where:animated:)`), and stay if it is not. A window whose close is
    /// asking, or whose close takes over the question, answers by that close: closed (its pages
    /// gone) is yes, kept is no.
    public func requestRemoval(of shows: (Window.Route) -> Bool) async -> Bool {
        for id in windows.map(ObjectIdentifier.init) {
            var next = 0
            while true {
                if let asking = closing[id] {
                    guard await asking.wait() == .closed else { return false }
                    break
                }
                // Looked up again after each answer, and not held while a question is open: a
                // window closed meanwhile is skipped, and freed.
                let ask: (router: any Router<Window.Route>, change: StackChange<Window.Route>)?
                do {
                    guard let window = windows.first(where: { ObjectIdentifier($0) == id }) else { break }
                    let routers = window.routers
                    guard next < routers.count else { break }
                    ask = Self.guardedRemoval(on: routers[next], of: shows)
                    next += 1
                }
                guard let ask, !(await ask.router.askLeaveGuards(ask.change, reason: .code)) else { continue }
                // Refused, or replaced by a close of the window: then the close's answer decides.
                guard let asking = closing[id], await asking.wait() == .closed else { return false }
                break
            }
        }
        return true
    }

    /// The change that removes `router`'s pages `shows` matches, if a leave guard protects
    /// one of them (else nothing to ask).
    private static func guardedRemoval(
        on router: any Router<Window.Route>, of shows: (Window.Route) -> Bool
    ) -> (router: any Router<Window.Route>, change: StackChange<Window.Route>)? {
        guard let first = router.pages.firstIndex(where: { shows($0.route) }),
            router.pages[first...].contains(where: { router.hasLeaveGuard($0.id) })
        else { return nil }
        return (router, first == 0 ? .dismissAll : .remove(from: router.pages[first].id))
    }

    /// Every window's state as `state` says, in the order they were opened, and which one
    /// was focused: what to save when the app quits.
    public func snapshot<State>(_ state: (Window) -> State) -> WindowsSnapshot<State> {
        let focusedIndex = focused.flatMap { last in windows.firstIndex(where: { $0 === last }) } ?? 0
        return WindowsSnapshot(windows: windows.map(state), focused: focusedIndex)
    }
}
