import Gtk
import Navigation
import RayPets

extension RayPetsApp {
    /// Saves where the user is (on quit, or when the window closes).
    func saveState() {
        guard let coordinator, coordinator.services.settings.hasCompletedWelcome else { return }
        let state = coordinator.navigationState
        // After the window is gone its stacks are empty: keep what was saved when it closed.
        guard state.stacks.values.allSatisfy({ !$0.isEmpty }) else { return }
        stateStore?.save(state)
    }

    /// `--fresh`: the last run's unsaved draft (if any) will not come back; say so before the
    /// next save replaces it.
    func reportDiscardedDraft() {
        guard let draft = stateStore?.load()?.draft else { return }
        let name = draft.fields.name.isEmpty ? "a new pet" : "\"\(draft.fields.name)\""
        AppFiles.reportToStandardError(
            "--fresh: discarding the unsaved draft of \(name) (\(draft.route.token)) kept from the last run")
    }

    /// The state the last run saved, if any; its window size is applied to `window` at once,
    /// so the window opens as it was closed.
    func savedState(sizing window: MainWindow) -> NavigationState? {
        guard let state = stateStore?.load() else { return nil }
        if let frame = state.window { window.restore(frame) }
        return state
    }

    /// Goes back to where the last run ended: rebuilds `state`'s pages.
    func restore(_ state: NavigationState, in coordinator: AppCoordinator) {
        Task { @MainActor in
            if !(await coordinator.restore(state)) { RayPetsApp.log.warning("could not restore every saved page") }
        }
    }
}
