import Gtk
import RayPets

extension RayPetsApp {
    /// Registers the app-wide actions (`AppAction`) and their accelerators. (Back, Ctrl+W and
    /// a dialog's Cancel are the window's own shortcuts: see `BackNavigation`.)
    package func installActions() {
        // A click begun before Ctrl+Q (Save pressed, not yet released) is carried out first.
        application.addAction(AppAction.quit) { [weak self] in self?.application.quitAfterInput() }
        application.addAction(AppAction.newWindow) { [weak self] in self?.newWindow() }
        application.addAction(AppAction.about) { [weak self] in self?.showAbout() }
        application.addAction(AppAction.shortcuts) { [weak self] in self?.showShortcuts() }
        application.addAction(AppAction.openRoute, taking: { [weak self] uri in self?.open([uri]) })
        application.addAction(AppAction.exportJournal, taking: { [weak self] path in self?.exportJournal(to: path) })
    }

    /// *New Window*: a window at Home (on the first launch's welcome page, that window raised).
    private func newWindow() {
        guard let coordinator else { return activate() }
        coordinator.newWindow()
    }

    /// The files RayPets keeps (settings, navigation state, records): no export writes over them.
    var ownFiles: [FilePath] { [settingsPath] + [stateStore?.path, databasePath].compactMap { $0 } }

    /// Writes the navigation journal to `path`; a problem goes to standard error (the action
    /// comes from another launch, whose terminal waits for the file).
    private func exportJournal(to path: String) {
        guard let coordinator else {
            return AppFiles.reportToStandardError(L("No navigation journal yet: no window has opened"))
        }
        if let problem = coordinator.exportJournal(to: path, sparing: ownFiles) {
            AppFiles.reportToStandardError(problem)
        }
    }

    private func showAbout() {
        let info = AboutInfo(
            name: L("RayPets"), version: AppInfo.version,
            comments: L("Book visits to the pet clinic and keep your pets' details."),
            website: "https://github.com/raypets/raypets", iconName: Self.id,
            author: L("The RayPets developers"), translators: L("translator-credits"))
        Window.aboutDialog(info, parent: mainWindow?.window).present()
    }

    private func showShortcuts() {
        guard let shortcuts = Window.fromBuilderResource(Self.resourceBase + "/gtk/shortcuts.ui", name: "shortcuts")
        else { return }
        shortcuts.setTransient(for: mainWindow?.window)
        shortcuts.present()
    }
}
