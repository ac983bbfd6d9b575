import RayPets

/// Something a user can do, as a walk of the app describes it.
public enum UserAction: Hashable, Sendable, CustomStringConvertible {
    /// Press the shown page's button labelled `title`.
    case press(String)
    /// Choose row `index` of the shown page's list.
    case chooseRow(Int)
    /// The header bar's Back button (the window's, or the dialog's when it is open).
    case back
    /// Alt+Left: `navigation.back`, the main window's or, in the dialog, the dialog's.
    case altLeft
    /// Alt+Right: `navigation.forward`, the next page the shown stack keeps for Forward.
    case altRight
    /// Back's history (the Back button's menu): choose the shown stack's page `index` (0: its
    /// root), below the top page; the pages above it leave in one step.
    case backInHistory(Int)
    /// The dialog's Cancel button.
    case cancel
    /// Escape in the dialog.
    case escape
    /// The dialog window's close button.
    case closeDialog
    /// Click a tab in the switcher.
    case switchTab(AppTab)
    /// The records change under the pages (as from another page): a new pet called `name`.
    case addPet(String)
    /// The records change under the pages: pet `index` (in list order) is renamed `name`.
    case renamePet(Int, String)
    /// The records change under the pages: pet `index` (in list order) is deleted.
    case deletePet(Int)
    /// Type `text` into the visible editor's Notes field (the editor now has changes).
    case typeNote(String)
    /// Answer the open "Discard …?" alert.
    case answer(DiscardAnswer)
    /// Resize the window to `width` pixels (My pets sits beside the chosen pet from 720 up).
    case resize(Int)
    /// On a wide window, choose the pet in *My pets* beside the pet shown.
    case chooseInSidebar(Pet.ID)
    /// On a wide window, *My pets*' *Add pet* beside the pet shown (or the pages opened from
    /// it): the new pet's editor replaces them, asking first; beside a new pet's editor, nothing.
    case addInSidebar
    /// On a wide window, the Back button above *My pets* (back to Home).
    case sidebarBack
    /// Swipe back over the shown stack (the main window's, or the dialog's when it is open):
    /// `committed`, let go past the threshold (it goes Back, as Back does); not, let go short
    /// of it (the page springs back).
    case swipeBack(committed: Bool)
    /// Ctrl+N: a new window at Home, which becomes the focused one.
    case openWindow
    /// Ctrl+W on the focused window, one of several: its pages with unsaved work ask first
    /// (the editor with changes: "Discard changes?" in that window); if they agree, the window
    /// goes and the window focused before it is focused again.
    case closeWindow
    /// The user moves to window `index` (in the order the open windows were opened).
    case switchWindow(Int)
    /// *Open in New Window* on row `index` of *My pets* (its context menu): a new window on
    /// that pet's page (*My pets* below it), which becomes the focused one.
    case openInNewWindow(Int)

    /// Whether this is a change of the records rather than a user's click.
    public var changesData: Bool {
        switch self {
        case .addPet, .renamePet, .deletePet: true
        default: false
        }
    }

    /// Whether this resizes the window (it changes how pages show, not where the user is).
    public var isResize: Bool {
        if case .resize = self { return true }
        return false
    }

    /// Whether this opens, closes or focuses a window.
    public var isWindowAction: Bool {
        switch self {
        case .openWindow, .closeWindow, .switchWindow, .openInNewWindow: true
        default: false
        }
    }

    /// Whether this chooses a page in Back's history.
    public var isBackInHistory: Bool {
        if case .backInHistory = self { return true }
        return false
    }

    /// Whether this answers the open "Discard …?" alert.
    public var isAnswer: Bool {
        if case .answer = self { return true }
        return false
    }

    /// A short description for failure reports.
    public var description: String {
        switch self {
        case .press(let title): "press \"\(title)\""
        case .chooseRow(let index): "choose row \(index)"
        case .back: "Back"
        case .altLeft: "Alt+Left"
        case .altRight: "Alt+Right"
        case .backInHistory(let index): "Back's history: page \(index)"
        case .cancel: "Cancel"
        case .escape: "Escape"
        case .closeDialog: "close dialog"
        case .switchTab(let tab): "switch to \(tab.rawValue)"
        case .addPet(let name): "add pet \"\(name)\""
        case .renamePet(let index, let name): "rename pet \(index) to \"\(name)\""
        case .deletePet(let index): "delete pet \(index)"
        case .typeNote(let text): "type note \"\(text)\""
        case .answer(let answer): "answer \(answer.rawValue)"
        case .resize(let width): "resize to \(width) px"
        case .chooseInSidebar(let pet): "choose \(pet) in the sidebar"
        case .addInSidebar: "Add pet in the sidebar"
        case .sidebarBack: "sidebar Back"
        case .swipeBack(let committed): committed ? "swipe back" : "swipe back, let go short"
        case .openWindow: "new window"
        case .closeWindow: "close window"
        case .switchWindow(let index): "switch to window \(index)"
        case .openInNewWindow(let index): "open row \(index) in a new window"
        }
    }
}
