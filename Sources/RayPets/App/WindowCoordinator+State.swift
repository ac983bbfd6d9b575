import Navigation

/// Navigation as data: the state saved on quit (`restore(_:)`, in
/// `WindowCoordinator+Rebuild.swift`, rebuilds it at the next start).
extension WindowCoordinator {
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
            forward: Dictionary(
                uniqueKeysWithValues: AppTab.allCases.map { ($0, tabs.router(for: $0).forwardPages.map(\.route)) }),
            dialog: dialogRouter.routes, dialogForward: dialogRouter.forwardPages.map(\.route), pain: pain,
            drafts: unsavedDrafts + services.questions.drafts, window: window.frame)
    }

    /// The fields of every editor with changes, open or kept for Forward, with the pet each is
    /// based on: the dialog's first, then the selected tab's, then the other tabs'.
    private var unsavedDrafts: [EditorDraft] {
        let places: [(AppTab?, any Router<AppRoute>)] =
            [(nil, dialogRouter), (tabs.selectedTab, tabs.selectedRouter)]
            + AppTab.allCases.filter { $0 != tabs.selectedTab }.map { ($0, tabs.router(for: $0)) }
        return places.flatMap { tab, router in
            (router.pages + router.forwardPages).compactMap { page -> EditorDraft? in
                guard case .petEditor(let editor) = page.kind, editor.hasChanges else { return nil }
                return EditorDraft(
                    tab: tab, route: page.route, fields: editor.draft, focus: editor.focusedField, base: editor.base)
            }
        }
    }
}
