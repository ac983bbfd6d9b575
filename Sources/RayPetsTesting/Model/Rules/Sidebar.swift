import RayPets

/// The split: on the Clinic tab of a window at least 720 pixels wide, *My pets* is a sidebar
/// beside what was opened from it. Its rows choose a pet beside it (the pet shown stays as it
/// is; another replaces what was beside the list, asking first), its *Add pet* puts a new pet's
/// editor in place of what was beside it (asking first; beside a new pet's editor, nothing),
/// its Back goes back to Home;
/// the header bar's Back hides, the content's shows beside a chosen pet, and no swipe goes back.
extension NavigationModel {
    /// Where *My pets* is on the Clinic tab's stack, if it is there.
    var petsIndex: Int? { stacks[.clinic]!.firstIndex(of: .pets) }

    /// Whether the user sees *My pets* as a sidebar beside what was opened from it: the
    /// Clinic tab shows, the window is at least 720 pixels wide, and My pets is on the stack.
    public var isSplit: Bool { tab == .clinic && dialog.isEmpty && width >= 720 && petsIndex != nil }

    /// Whether something is shown beside the sidebar (its Back button shows).
    var hasContent: Bool { isSplit && petsIndex! < stacks[.clinic]!.count - 1 }

    /// What the sidebar offers: its Back, and beside a chosen pet, every pet's row.
    var sidebarActions: [UserAction] {
        guard isSplit else { return [] }
        return [.sidebarBack] + (hasContent ? [.addInSidebar] + pets.map { .chooseInSidebar($0.id) } : [])
    }
}
