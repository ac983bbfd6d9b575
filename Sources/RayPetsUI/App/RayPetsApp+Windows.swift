import Gtk
import GtkNavigation
import Navigation
import RayPets

/// One open window: its `MainWindow` (kept from opening to destroy) and its log's observations.
@MainActor
final class OpenWindow {
    let main: MainWindow
    var observations: [StackObservation] = []

    init(main: MainWindow) { self.main = main }
}

extension RayPetsApp {
    /// A new window's parts for the `AppCoordinator`: a `MainWindow` (its dialogs block only
    /// it), its routers, and its close, focus and log wiring.
    func makeWindow() -> WindowParts {
        let main = MainWindow(application: application)
        let key = ObjectIdentifier(main)
        mainWindows[key] = OpenWindow(main: main)
        main.window.addAction(AppAction.closeWindow) { [weak main] in main?.window.close() }
        main.window.onCloseRequest { [weak self, weak main] in
            guard let self, let main else { return false }
            return self.keepOpen(main)
        }
        main.window.onActiveChange { [weak self, weak main] in
            guard let self, let main, main.window.isActive, let window = self.coordinator(of: main) else { return }
            self.coordinator?.windows.focus(window)
        }
        main.window.onDestroy { [weak self] in self?.windowDestroyed(key) }
        if let readOnlyBanner { main.showBanner(readOnlyBanner) }
        if let onFirstFrame, mainWindows.count == 1 {
            main.window.onFirstFrame { [weak self] in if let self { onFirstFrame(self) } }
        }
        let parts = Self.parts(of: main)
        return parts
    }

    /// `main`'s parts: routers over its hosts; its notices, toasts and alerts its own.
    package static func parts(of main: MainWindow) -> WindowParts {
        WindowParts(
            window: main, welcomeRouter: StackRouter(host: main.welcomeHost),
            tabs: TabRouter(tabs: AppTab.allCases, host: main.tabHost),
            dialogRouter: ModalRouter(host: main.dialogHost), feedback: main,
            questions: Questions(router: ModalRouter(host: main.alertHost)))
    }

    /// Logs `window`'s stack changes from its first page on (`G_MESSAGES_DEBUG=raypets`): the
    /// `AppCoordinator` calls this for each window it opens.
    func windowOpened(_ window: WindowCoordinator) {
        guard let main = window.window as? MainWindow, let open = mainWindows[ObjectIdentifier(main)] else { return }
        windowsOpened += 1
        open.observations = Self.logTransitions(of: window, number: windowsOpened)
    }

    /// The coordinator tree of `main`, if it is open.
    func coordinator(of main: MainWindow) -> WindowCoordinator? {
        coordinator?.windows.windows.first { $0.window === main }
    }

    /// The user asked to close `main` (its close button, Ctrl+W): GTK keeps it, and the
    /// application coordinator decides. The last window (the others, if any, are closing
    /// themselves) quits the app: every window is saved as it is, nothing asked. Another window
    /// stays while its pages ask (unsaved work), then is destroyed if they agreed, and the
    /// other windows' state is saved at once.
    private func keepOpen(_ main: MainWindow) -> Bool {
        guard let app = coordinator, let window = coordinator(of: main) else { return false }
        Task.immediate { @MainActor [weak self, weak main] in
            let closing = await app.requestClose(window)
            guard let self else { return }
            switch closing {
            case .quit:
                self.saveState()
                self.application.quit()
            case .closed:
                self.saveState()
                main?.window.destroy()
            case .kept:
                break
            }
        }
        return true
    }

    /// A window was destroyed (closed, or the app went away): its flows end, nothing of it stays.
    private func windowDestroyed(_ key: ObjectIdentifier) {
        guard let open = mainWindows.removeValue(forKey: key) else { return }
        if let window = coordinator(of: open.main) { coordinator?.windowDidClose(window) }
    }
}
