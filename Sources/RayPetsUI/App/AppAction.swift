import Gtk

/// RayPets' own actions, each declared once here with its accelerator: `RayPetsApp` adds
/// them (`+Actions`), the main menu and the window use these constants, and the shortcuts
/// window (`Resources/gtk/shortcuts.ui`) is tested to list these accelerators. Back and a
/// dialog's Cancel and close are the library's (`NavigationAction`).
public enum AppAction {
    /// `app.quit` (Ctrl+Q; also GNOME Shell's menu and SIGTERM): quit, keeping drafts.
    public static let quit = ActionName.app("quit", accelerator: "<Control>q")
    /// `app.about`: the About window.
    public static let about = ActionName.app("about")
    /// `app.shortcuts` (Ctrl+?): the keyboard shortcuts window.
    public static let shortcuts = ActionName.app("shortcuts", accelerator: "<Control>question")
    /// `app.open-route` with a link's text (e.g. over D-Bus): walk to the link's page.
    public static let openRoute = ActionName.app("open-route")
    /// `win.close` (Ctrl+W): close the main window.
    public static let closeWindow = ActionName.win("close", accelerator: "<Control>w")

    /// Every action above.
    public static let all = [quit, about, shortcuts, openRoute, closeWindow]
}
