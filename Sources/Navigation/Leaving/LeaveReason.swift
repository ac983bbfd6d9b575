/// Why pages are about to leave a router's stack: what a leave guard is told.
public enum LeaveReason: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The user's Back: the header bar's Back button, Alt+Left, the mouse's back button.
    case back
    /// A dialog's Cancel button or Escape.
    case cancel
    /// A dialog window's close button, or Ctrl+W in a dialog.
    case close
    /// A coordinator's code (`dismiss`, `popTo`, `dismissAll`, `setStack`, ...).
    case code
    /// A link (or a restored state) that rebuilds the stacks.
    case link

    /// `back`, `cancel`, `close`, `code` or `link`.
    public var description: String {
        switch self {
        case .back: "back"
        case .cancel: "cancel"
        case .close: "close"
        case .code: "code"
        case .link: "link"
        }
    }
}
