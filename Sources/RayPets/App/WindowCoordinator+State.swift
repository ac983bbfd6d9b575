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
            dialog: dialogRouter.routes, pain: pain, draft: unsavedDraft, window: window.frame)
    }

    /// The open editor's fields, if they have changes, with the pet it is based on: the
    /// dialog's editor first, else the selected tab's, else another tab's.
    private var unsavedDraft: EditorDraft? {
        let places: [(AppTab?, any Router<AppRoute>)] =
            [(nil, dialogRouter), (tabs.selectedTab, tabs.selectedRouter)]
            + AppTab.allCases.map { ($0, tabs.router(for: $0)) }
        for (tab, router) in places {
            guard let page = router.topPage, case .petEditor(let editor) = page.kind, editor.hasChanges
            else { continue }
            return EditorDraft(
                tab: tab, route: page.route, fields: editor.draft, focus: editor.focusedField, base: editor.base)
        }
        return nil
    }
}
