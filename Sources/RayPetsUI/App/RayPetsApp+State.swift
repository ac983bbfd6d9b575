import Gtk
import Navigation
import RayPets

extension RayPetsApp {
    /// Saves where the user is in every window (on quit, and when a window closes). While
    /// the saved windows are still being rebuilt, the file already holds them: it is kept.
    package func saveState() {
        guard let coordinator, coordinator.settings.hasCompletedWelcome, !coordinator.isRestoring else { return }
        let state = coordinator.state
        // Once the last window is gone its stacks are empty: keep what was saved when it closed.
        guard !state.windows.isEmpty, state.windows.allSatisfy({ $0.stacks.values.allSatisfy { !$0.isEmpty } })
        else { return }
        stateStore?.save(state)
    }

    /// `--fresh`: the last run's unsaved drafts (if any) will not come back; say so before the
    /// next save replaces them.
    func reportDiscardedDrafts() {
        for draft in stateStore?.load()?.windows.compactMap(\.draft) ?? [] {
            let name = draft.fields.name.isEmpty ? "a new pet" : "\"\(draft.fields.name)\""
            AppFiles.reportToStandardError(
                "--fresh: discarding the unsaved draft of \(name) (\(draft.route.token)) kept from the last run")
        }
    }

    /// Goes back to where the last run ended: every saved window opens (at once, at its
    /// size) and its pages are rebuilt.
    func restore(_ saved: SavedWindows, in coordinator: AppCoordinator) {
        Task.immediate { @MainActor in
            if !(await coordinator.restore(saved)) { RayPetsApp.log.warning("could not restore every saved page") }
        }
    }
}
