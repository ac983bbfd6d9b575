import Navigation

/// Navigation rebuilt from data — a link, or the state saved at the last quit — the one way:
/// from each stack's root, page by page, by performing the intent a user's click would
/// (`RouteIntents`, below: each route declares its own, `AppRoute.intent(on:pain:)`), so
/// every coordinator on the way runs and Back goes where it would have gone had the user
/// clicked their way there.
extension WindowCoordinator {
    /// Opens the link text `uri` (from the command line, another launch or `app.open-route`).
    /// A link to a pet that no longer exists (or never did) opens My pets, the nearest valid
    /// page, with a notice; a malformed link leaves the screen as it is and says why.
    /// On the first launch's welcome page a well-formed link waits, with a notice, and opens
    /// after *Get started*; one that ends in `window=new` (`LinkWindow`) then opens in a new
    /// window. Returns whether the link's own page was reached.
    @discardableResult
    public func open(uri: String) async -> Bool {
        if !services.settings.hasCompletedWelcome, (try? DeepLink.parse(LinkWindow.split(uri).link, pets: nil)) != nil {
            linksAfterWelcome.append(uri)
            services.feedback.showNotice(L("The link opens once you press Get started."))
            return false
        }
        do {
            return await open(try DeepLink.parse(uri, findPet: services.data.pet(named:)))
        } catch {
            if let name = error.missingPet {
                let notice = L("There is no pet called {name}; here are your pets.", ["name": name.quotedInMessage(64)])
                services.feedback.showNotice(notice)
                // Untrue once the pet is back (Undo of its delete, another window's Add): the
                // notice goes then, not seconds later.
                missingPetWatch = services.data.observe { [weak self] _ in
                    guard let self, services.data.pet(named: name) != nil else { return }
                    services.feedback.withdrawNotice(notice)
                    missingPetWatch = nil
                }
                await open(.pets)
            } else {
                services.feedback.showNotice(
                    L("Cannot open {link}: {problem}", ["link": uri.quotedInMessage(200), "problem": error.problem]))
            }
            return false
        }
    }

    /// Opens `link`: closes the dialog, shows the link's tab from its root, then walks to the
    /// link's page by performing, page by page, the intent a user's click would — so every
    /// coordinator on the way runs and Back goes where it would have gone had the user
    /// clicked their way there. Nothing animates on the way. Pages with unsaved work ask
    /// first (reason `link`); if the user keeps editing, the link is not opened and nothing
    /// changes. Returns whether the link's page was reached.
    @discardableResult
    public func open(_ link: DeepLink) async -> Bool {
        let target = link.routes
        return await rebuild(
            stacks: [(target.tab, target.stack)], tab: target.tab, dialog: target.dialog, pain: link.pain)
    }

    /// Rebuilds a saved state, every tab's stack and the dialog, the way `open` does a link.
    /// Pages showing a pet or an appointment request that no longer exists are left out, with a
    /// notice: each stack ends before the first of them (a pet's page becomes My pets).
    /// Returns `false` if some page was left out or could not be reached; the pages up to
    /// there stay.
    @discardableResult
    public func restore(_ state: NavigationState) async -> Bool {
        let (valid, missing) = withoutMissingRecords(state)
        if !missing.isEmpty {
            services.feedback.showNotice(
                L("Some pages you had open show records that no longer exist; showing the nearest page instead."))
        }
        // Each editor that opens at a draft's route (open or kept for Forward) takes its
        // draft; the others stay on the shelf, for that pet's next editor.
        services.questions.drafts = valid.drafts + services.questions.drafts
        services.questions.isRestoring = true
        defer { services.questions.isRestoring = false }
        let reached = await rebuild(
            stacks: AppTab.allCases.map { ($0, valid.stacks[$0] ?? []) }, tab: valid.tab,
            dialog: valid.dialog, pain: valid.pain)
        guard reached else { return false }
        return await keepForForward(valid) && missing.isEmpty
    }

    /// Rebuilds the pages `state` kept for Forward, the way they were kept: each tab's are
    /// opened above its stack and taken back by Back, and the dialog's are opened and taken
    /// back by its Cancel (kept, since it was). Whether every one was reached.
    private func keepForForward(_ state: NavigationState) async -> Bool {
        var complete = true
        for tab in AppTab.allCases {
            guard let ahead = state.forward[tab], !ahead.isEmpty else { continue }
            let stack = tabs.router(for: tab)
            let below = stack.pages.count
            for route in ahead where complete { complete = await step(towards: route, on: stack) }
            guard stack.pages.count > below else { return false }
            _ = await stack.request(.remove(from: stack.pages[below].id), reason: .back, animated: false)
        }
        if complete, state.dialog.isEmpty, !state.dialogForward.isEmpty {
            for route in state.dialogForward where complete {
                complete = await step(towards: route, on: dialogRouter, from: tabs.selectedRouter, pain: state.pain)
            }
            _ = await dialogRouter.request(.dismiss, reason: .cancel, animated: false)
        }
        return complete
    }

    /// Asks every page that would leave, then rebuilds `stacks` (each tab from its root) and
    /// the dialog by walking user intents; `tab` is selected at the end. Whether every page was reached.
    func rebuild(
        stacks: [(AppTab, [AppRoute])], tab: AppTab, dialog: [AppRoute], pain: PainLevel?
    ) async -> Bool {
        for router in routers { router.animatesTransitions = false }
        defer { for router in routers { router.animatesTransitions = true } }

        // Every page that will leave is asked first, before anything changes (a router at
        // rest, a closed dialog or a tab on its root page with no question open, has nothing
        // to ask).
        if !dialogRouter.pages.isEmpty || dialogRouter.pendingLeave != nil {
            guard await dialogRouter.request(.dismiss, reason: .link, animated: false) else { return false }
        }
        for (stackTab, _) in stacks
        where tabs.router(for: stackTab).pages.count > 1 || tabs.router(for: stackTab).pendingLeave != nil {
            guard await tabs.router(for: stackTab).request(.dismiss, reason: .link, animated: false) else {
                return false
            }
        }
        var complete = true
        for (stackTab, routes) in stacks {
            let stack = tabs.router(for: stackTab)
            tabs.select(stackTab)
            guard stack.topPage?.route == routes.first else {
                complete = false
                continue
            }
            for route in routes.dropFirst() where complete {
                complete = await step(towards: route, on: stack)
            }
        }
        tabs.select(tab)
        for route in dialog where complete {
            complete = await step(towards: route, on: dialogRouter, from: tabs.router(for: tab), pain: pain)
        }
        return complete
    }

    /// Performs on `router`'s shown page (or, for the dialog's first page, on `opener`'s)
    /// the intent that leads to `route`, and waits for `route` to come (`awaitPage`).
    private func step(
        towards route: AppRoute, on router: any Router<AppRoute>, from opener: (any Router<AppRoute>)? = nil,
        pain: PainLevel? = nil
    ) async -> Bool {
        let page = (router.topPage ?? opener?.topPage)
        let below = router.topPage?.id
        guard let page else { return false }
        // The walk's intents are the app's steps, not the user's input (the journal says so).
        let journal = (router.journalPlace ?? opener?.journalPlace)?.journal
        let perform = { RouteIntents.perform(towards: route, on: page, pain: pain) }
        guard journal?.recordingSteps(perform) ?? perform() else { return false }
        return await awaitPage(route, on: router, after: below)
    }

    /// Waits for the page the intent opens on `router` (a top page other than `below`) and
    /// says whether it is `route`: on the router's change, not by counting turns, since an
    /// intent's page may come after the intent returns (a flow that awaits a result), and
    /// later on a busy machine. Past `pageDeadline`, a notice says the rebuild stopped there.
    func awaitPage(_ route: AppRoute, on router: any Router<AppRoute>, after below: PageID?) async -> Bool {
        if await router.waitUntil(timeout: pageDeadline, { $0.last != nil && $0.last?.id != below }) {
            return router.topPage?.route == route
        }
        services.feedback.showNotice(
            Ln(
                "A page took more than {count} second to open, so the pages after it were not opened.",
                "A page took more than {count} seconds to open, so the pages after it were not opened.",
                count: Int(pageDeadline.components.seconds)))
        return false
    }
}

/// Which click on which page leads to which route: the deep-link replay's map of the app,
/// declared route by route (`AppRoute.intent(on:pain:)`).
@MainActor
enum RouteIntents {
    /// Performs the intent on `page` that leads to `route`; `false` if there is none, or it
    /// did not act.
    static func perform(towards route: AppRoute, on page: Page<AppRoute>, pain: PainLevel? = nil) -> Bool {
        guard let intent = route.intent(on: page, pain: pain) else { return false }
        return intent()
    }
}
