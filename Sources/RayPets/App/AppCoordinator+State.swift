import Navigation

/// Navigation as data: the state saved on quit, and rebuilt at the next start.
extension AppCoordinator {
    /// The whole navigation state now (to save on quit).
    public var navigationState: NavigationState {
        var flows: [any Coordinator] = children
        var pain: PainLevel?
        while let flow = flows.popLast() {
            if let flow = flow as? AppointmentRequestCoordinator { pain = flow.draft.painLevel }
            flows.append(contentsOf: flow.children)
        }
        return NavigationState(
            tab: tabs.selectedTab,
            stacks: Dictionary(uniqueKeysWithValues: AppTab.allCases.map { ($0, tabs.router(for: $0).routes) }),
            dialog: dialogRouter.routes, pain: pain, draft: unsavedDraft)
    }

    /// The open editor's fields, if they have changes: the dialog's editor first, else the
    /// selected tab's, else another tab's.
    private var unsavedDraft: EditorDraft? {
        let places: [(AppTab?, any Router<AppRoute>)] =
            [(nil, dialogRouter), (tabs.selectedTab, tabs.selectedRouter)]
            + AppTab.allCases.map { ($0, tabs.router(for: $0)) }
        for (tab, router) in places {
            guard let page = router.topPage, case .petEditor(let editor) = page.screen, editor.hasChanges
            else { continue }
            return EditorDraft(tab: tab, route: page.route, fields: editor.draft, focus: editor.focusedField)
        }
        return nil
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
        // The editor that opens at the draft's route (if it is still reached) takes the draft.
        services.questions.shelvedDraft = valid.draft
        defer { services.questions.shelvedDraft = nil }
        let reached = await rebuild(
            stacks: AppTab.allCases.map { ($0, valid.stacks[$0] ?? []) }, tab: valid.tab,
            dialog: valid.dialog, pain: valid.pain)
        return reached && missing.isEmpty
    }
}
