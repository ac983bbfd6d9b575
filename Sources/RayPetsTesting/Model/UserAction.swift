import RayPets

/// Something a user can do, as a walk of the app describes it.
public enum UserAction: Equatable, Sendable, CustomStringConvertible {
    /// Press the visible page's button labelled `title`.
    case press(String)
    /// Choose row `index` of the visible page's list.
    case chooseRow(Int)
    /// The header bar's Back button (the window's, or the dialog's when it is open).
    case back
    /// Alt+Left: `win.back`, or `dialog.back` in the dialog.
    case altLeft
    /// The dialog's Cancel button.
    case cancel
    /// Escape in the dialog.
    case escape
    /// The dialog window's close button.
    case closeDialog
    /// Click a tab in the switcher.
    case switchTab(AppTab)

    /// A short description for failure reports.
    public var description: String {
        switch self {
        case .press(let title): "press \"\(title)\""
        case .chooseRow(let index): "choose row \(index)"
        case .back: "Back"
        case .altLeft: "Alt+Left"
        case .cancel: "Cancel"
        case .escape: "Escape"
        case .closeDialog: "close dialog"
        case .switchTab(let tab): "switch to \(tab.rawValue)"
        }
    }
}
