import Gtk

/// RayPets' own actions, each declared once here with its accelerator: `RayPetsApp` adds
/// them (`+Actions`), the main menu and the window use these constants, and the shortcuts
/// window (`Resources/gtk/shortcuts.ui`) is tested to list these accelerators. Back and a
/// dialog's Cancel and close are the library's (`NavigationAction`).
public enum AppAction {
    /// `app.quit` (Ctrl+Q; also GNOME Shell's menu and SIGTERM): quit, keeping drafts.
    public static let quit = ActionName.app("quit", accelerator: "<Control>q")
    /// `app.new-window` (Ctrl+N): a new window at Home.
    public static let newWindow = ActionName.app("new-window", accelerator: "<Control>n")
    /// `app.about`: the About window.
    public static let about = ActionName.app("about")
    /// `app.shortcuts` (Ctrl+?): the keyboard shortcuts window.
    public static let shortcuts = ActionName.app("shortcuts", accelerator: "<Control>question")
    /// `app.open-route` with a link's text (e.g. over D-Bus): walk to the link's page.
    public static let openRoute = ActionName.app("open-route")
    /// `app.export-journal` with a file's path: write the navigation journal there
    /// (`raypets --export-journal=FILE` activates it in the running app over D-Bus).
    public static let exportJournal = ActionName.app("export-journal")
    /// `win.close`: close this window (the last one quits, keeping drafts). Ctrl+W is not its
    /// accelerator but the window's `navigation.close` (`BackNavigation`), which closes the
    /// window, or the dialog open in it: an application's accelerator takes its keys before
    /// any widget does, so a dialog inside the window would never get Ctrl+W.
    public static let closeWindow = ActionName.win("close")

    /// `pets.open-in-new-window` (Ctrl+Enter on a row of My pets, and the rows' context menu):
    /// the pet's page in a new window. The list inserts it; its shortcut works while the list
    /// has the focus.
    public static let openInNewWindow = ActionName(
        group: "pets", name: "open-in-new-window", accelerator: "<Control>Return")

    /// `toast.undo` (Ctrl+Z while a toast offers Undo, after a pet is deleted): presses the
    /// toast's Undo from the keyboard, wherever the focus is. The toast overlay inserts it.
    public static let toastUndo = ActionName(group: "toast", name: "undo", accelerator: "<Control>z")

    /// `search.focus` (Ctrl+F while My pets is shown): the focus to its search field. The list's
    /// page inserts it.
    public static let searchPets = ActionName(group: "search", name: "focus", accelerator: "<Control>f")

    /// Every application and window action above (not the list's nor the toast's).
    public static let all = [quit, newWindow, about, shortcuts, openRoute, exportJournal, closeWindow]
    /// The actions a list inserts for its rows.
    public static let rowActions = [openInNewWindow]
}
