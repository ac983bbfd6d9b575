import Gtk
import Navigation
import RayPets

extension RayPetsApp {
    /// Saves where the user is in every window (on quit, when a window closes, and within a
    /// second of any change: `keepStateSaved`). While the saved windows are still being
    /// rebuilt, the file already holds them: it is kept. With `onlyIfChanged`, a state the
    /// file already holds is not written again.
    /// Returns `false` when the file could not be written (the store reported why).
    @discardableResult
    package func saveState(onlyIfChanged: Bool = false) -> Bool {
        guard let coordinator, coordinator.settings.hasCompletedWelcome, !coordinator.isRestoring else { return true }
        let state = coordinator.state
        // Once the last window is gone its stacks are empty: keep what was saved when it closed.
        guard !state.windows.isEmpty, state.windows.allSatisfy({ $0.stacks.values.allSatisfy { !$0.isEmpty } })
        else { return true }
        guard !onlyIfChanged || state != savedState, let stateStore else { return true }
        if onlyIfChanged {
            // The once-a-second save: written in the background, no frame waits for the disk.
            guard !stateStore.backgroundWriteFailed else { return false }
            stateStore.saveInBackground(state)
        } else {
            guard stateStore.save(state) else { return false }
        }
        savedState = state
        return true
    }

    /// From now on, every second, the state is saved if it changed: after a sudden end (the
    /// display lost, SIGKILL, a power cut) the next start is at most a second behind, drafts
    /// included. One comparison a second while nothing changes; a write only after a change.
    /// The write happens in the background. A write that fails (reported once) stops it: the
    /// quit's save tries again.
    func keepStateSaved() {
        MainLoop.after(milliseconds: 1000) { [weak self] in
            guard let self, saveState(onlyIfChanged: true) else { return }
            keepStateSaved()
        }
    }

    /// From now on, twice a minute, the pages learn of a new day (`ClinicData/noticeTheDay()`):
    /// past midnight, or in another time zone, the ages and the next vaccination dates are
    /// today's within half a minute. Comparing two dates is all it costs on other turns.
    func followTheDay() {
        coordinator?.data.noticeTheDay()
        MainLoop.after(milliseconds: 30_000) { [weak self] in self?.followTheDay() }
    }

    /// `--fresh`: the last run's unsaved drafts (if any) will not come back; say so before the
    /// next save replaces them.
    func reportDiscardedDrafts() {
        for draft in stateStore?.load()?.windows.flatMap(\.drafts) ?? [] {
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
