import Gtk
import RayPets

extension RayPetsApp {
    /// The application's accelerators. (Back and a dialog's Cancel are the window's own
    /// shortcuts: see `BackNavigation`.)
    public static let accelerators: [(action: String, accelerator: String)] = [
        ("win.close", "<Control>w"),
        ("app.quit", "<Control>q"),
        ("app.shortcuts", "<Control>question"),
    ]

    /// Registers the app-wide actions and every accelerator.
    package func installActions() {
        application.addAction("quit") { [weak self] in self?.application.quit() }
        application.addAction("about") { [weak self] in self?.showAbout() }
        application.addAction("shortcuts") { [weak self] in self?.showShortcuts() }
        application.addAction("open-route", taking: { [weak self] uri in self?.open([uri]) })
        for (action, accelerator) in Self.accelerators {
            application.setAccelerator(accelerator, for: action)
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
