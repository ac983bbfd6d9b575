/// The plumbing every flow shares, in one place: its router, the child flows it started,
/// and its first page — so that dismissing the flow removes exactly its own pages, however
/// many other flows share the router.
///
/// Subclass it and override `start(animated:onDismissed:)`, which must present the flow's
/// first page (synchronously) with `onDismissed`:
///
///     final class StepsCoordinator: FlowCoordinator<MyRoute> {
///         override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
///             let model = StepModel()
///             let id = router.present(.step(1), model: model, animated: animated, onDismissed: onDismissed)
///             model.onNext = whenShown(id, model) { flow, model in flow.dismiss(animated: true) }
///         }
///     }
///
/// A flow that produces a value also conforms to `ResultCoordinator`.
@MainActor
open class FlowCoordinator<Route: NavigationRoute>: Coordinator {
    /// Flows started by this one that are still running.
    public var children: [any Coordinator] = []
    /// Where this flow presents its pages.
    public let router: any Router<Route>
    /// The flow's first page, once presented.
    public private(set) var firstPage: PageID?

    /// A flow presenting its pages through `router`.
    public init(router: any Router<Route>) {
        self.router = router
    }

    /// Whether the flow may end: asked (once) whenever a change would remove its first page,
    /// whatever asked for it — Back, Cancel, a close button, a link or code — except the data
    /// going away and a destroyed window. Changes inside the flow that keep its first page
    /// (Back from its third page to its second) do not ask. Capture the flow weakly:
    ///
    ///     leaveGuard = { [weak self] request in
    ///         guard let self, self.hasAnswers else { return .leave }
    ///         return .ask { await self.confirmDiscard() }
    ///     }
    public var leaveGuard: LeaveGuard<Route>? {
        didSet { if let firstPage { installGuard(on: firstPage) } }
    }

    /// Starts the flow (`start`), remembers the first page it presented and registers this
    /// flow as brought by it (`Router/register(_:broughtBy:)`): once that page has left, the
    /// flow must be gone, and the hosts that check say so if it is not.
    public final func present(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let start = router.pages.count
        self.start(animated: animated, onDismissed: onDismissed)
        firstPage = router.pages.count > start ? router.pages[start].id : nil
        guard let firstPage else { return }
        router.register(self, broughtBy: firstPage)
        if leaveGuard != nil { installGuard(on: firstPage) }
    }

    /// Guards `page` with `leaveGuard` (none while the flow finishes: `finish` takes it off).
    private func installGuard(on page: PageID) {
        guard leaveGuard != nil else { return router.setLeaveGuard(nil, for: page) }
        router.setLeaveGuard(
            { [weak self] request in
                guard let self, let leaveGuard = self.leaveGuard else { return .leave }
                return leaveGuard(request)
            }, for: page)
    }

    /// Presents the flow's first page with `onDismissed`. Subclasses must override it.
    open func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        preconditionFailure("\(type(of: self)) must override start(animated:onDismissed:)")
    }

    /// The flow's pages: its first page and every page above it, bottom first. Empty before
    /// the flow starts and after it ends.
    public var pages: [Page<Route>] {
        guard let firstPage, let index = router.pages.firstIndex(where: { $0.id == firstPage }) else { return [] }
        return Array(router.pages[index...])
    }

    /// Ends the flow: removes its first page and every page above it, and no page below —
    /// the pages of the flows that presented it, or ran before it on a shared stack, stay.
    /// Does nothing once the first page has left.
    ///
    /// **Pages above a running flow.** A back stack has no holes: Back from any page goes
    /// to the page the user saw before it. So the pages above the flow's first page leave
    /// with it, whoever presented them — the flow's own, its children's, and any page a
    /// parent pushed on top while the flow was running. Each one's `onDismissed` runs once,
    /// top first, so every flow that presented one of them learns that it ended.
    open func dismiss(animated: Bool) {
        if let firstPage { router.remove(from: firstPage, animated: animated) }
    }

    /// Ends the flow because its work is committed — saved, answered, done — so there is
    /// nothing to lose: as `dismiss(animated:)`, but the flow's own `leaveGuard` is not asked.
    /// What a flow's *Save* or *Done* calls, instead of keeping a "saved" flag for its guard.
    /// Guards of other pages it would remove (a child flow's editor above it) are still asked;
    /// if one keeps its page, the flow stays and its guard is back in force.
    ///
    ///     model.onSave = whenShown(id, model) { flow, model in
    ///         flow.store.save(model.draft)
    ///         flow.finish(animated: true)
    ///     }
    public func finish(animated: Bool) {
        guard let firstPage, router.pages.contains(where: { $0.id == firstPage }) else { return }
        // The flow's own guard is off while it finishes: not asked, so not in the journal.
        if leaveGuard != nil { router.setLeaveGuard(nil, for: firstPage) }
        router.remove(from: firstPage, animated: animated)  // made at once when no other guard asks
        guard router.pages.contains(where: { $0.id == firstPage }), router.pendingLeave != nil else {
            guardAgainIfStayed()  // done, or refused at once by another page's guard
            return
        }
        // Another page's guard is asking: the flow's own guard stays off until it answers.
        Task.immediate { @MainActor [weak self, router] in
            await router.request(.remove(from: firstPage), reason: .code, animated: animated)
            self?.guardAgainIfStayed()
        }
    }

    /// After `finish`: if the flow's first page is still there (another guard kept it), its
    /// guard is back in force.
    private func guardAgainIfStayed() {
        guard let firstPage, router.pages.contains(where: { $0.id == firstPage }) else { return }
        installGuard(on: firstPage)
    }

    /// Back to the flow's first page: every page above it leaves (by the same rule as
    /// `dismiss`), the first page stays. Does nothing once the first page has left.
    public func popToFirstPage(animated: Bool) {
        guard let firstPage, let index = router.pages.firstIndex(where: { $0.id == firstPage }),
            index + 1 < router.pages.count
        else { return }
        router.remove(from: router.pages[index + 1].id, animated: animated)
    }
}

// Here, not beside the protocol: starting a child and `present` above are one path, read together.
extension Coordinator {
    /// Starts `child`, keeps it in `children` while it runs, and removes it the moment its
    /// flow is dismissed, before calling `onDismissed`. Captures are weak both ways, so a
    /// finished child is freed and a parent can go away with a child still running.
    ///
    /// If this flow's router records into a journal and the child's records nothing, the
    /// journal names the child's router (`NavigationJournal/unrecordedRouters`).
    public func presentChild(
        _ child: any Coordinator, animated: Bool, onDismissed: (@MainActor () -> Void)? = nil
    ) {
        if let place = router.journalPlace, child.router.journalPlace == nil {
            place.journal.noteUnrecorded(child.router, child: child, parent: place)
        }
        children.append(child)
        child.present(animated: animated) { [weak self, weak child] in
            guard let self, let child else { return }
            self.children.removeAll { $0 === child }
            onDismissed?()
        }
    }
}
