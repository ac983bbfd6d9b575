/// How the app logic tells the user something outside a page: a notice (one line above the
/// pages, e.g. "that pet no longer exists") or a toast with one action (e.g. "Rex deleted ·
/// Undo"). The main window implements it; `FeedbackLog` keeps the messages instead.
@MainActor
public protocol Feedback: AnyObject {
    /// Shows `text` for a while; the pages stay as they are.
    func showNotice(_ text: String)
    /// Shows a toast: `text`, and a button `actionTitle` that runs `action` (at most once,
    /// while the toast shows). A new toast replaces the one showing.
    func showToast(_ text: String, actionTitle: String, action: @escaping @MainActor () -> Void)
    /// Hides the notice `text` if it is the one showing: it is no longer true (the pet it
    /// says is missing came back). Another notice shown since stays.
    func withdrawNotice(_ text: String)
}

/// Keeps every notice and toast instead of showing them: what headless tests read (and the
/// services' default when no window shows them).
@MainActor
public final class FeedbackLog: Feedback {
    /// Every notice, in order.
    public private(set) var notices: [String] = []
    /// Every toast's text, in order.
    public private(set) var toasts: [String] = []
    private var action: (@MainActor () -> Void)?

    /// An empty log.
    public init() {}

    /// Records the notice.
    public func showNotice(_ text: String) { notices.append(text) }

    /// Every notice withdrawn, in order.
    public private(set) var withdrawn: [String] = []

    /// Records the withdrawal of the last notice, if it is `text`.
    public func withdrawNotice(_ text: String) {
        if notices.last == text { withdrawn.append(text) }
    }

    /// Records the toast; its action can be run with `performToastAction()`.
    public func showToast(_ text: String, actionTitle: String, action: @escaping @MainActor () -> Void) {
        toasts.append(text)
        self.action = action
    }

    /// Presses the last toast's button (once); `false` if there is none to press.
    @discardableResult
    public func performToastAction() -> Bool {
        guard let action else { return false }
        self.action = nil
        action()
        return true
    }
}
