import Gtk

/// A window's Back button and title, following one `BackNavigable` at a time.
///
/// Back is one action, `win.back`, however the user asks for it: the header bar's button,
/// Alt+Left (the application sets that accelerator), or the mouse's back button. It is
/// disabled, and the button hidden, when the followed host has no page to go back to. The
/// window title follows the visible page's title, so the header bar (when it shows the title),
/// a screen reader and a test all know where the user is.
///
/// (A plain, non-application window has no `win.*` actions; there the button and the mouse
/// button call the host directly.)
@MainActor
public final class HeaderNavigation {
    /// The Back button: pack it at the start of the header bar.
    public let backButton: Button
    /// `win.back`, when the window is an application window.
    public let backAction: Action?
    private weak var window: Window?
    private weak var source: (any BackNavigable)?

    /// Back and title for `window`.
    public init(window: Window, labels: NavigationLabels = NavigationLabels()) {
        self.window = window
        backButton = Button(iconName: "go-previous-symbolic", accessibleLabel: labels.back)
        backButton.isVisible = false
        if window.isApplicationWindow {
            var goBack: (@MainActor () -> Void)?
            let action = window.addAction("back") { goBack?() }
            backAction = action
            goBack = { [weak self] in self?.goBack() }
            backButton.setAction("win.back")
            window.onMouseButton(8) { [weak action] in action?.activate() }
        } else {
            backAction = nil
            backButton.onClicked { [weak self] in self?.goBack() }
            window.onMouseButton(8) { [weak self] in self?.goBack() }
        }
    }

    /// Follows `source` from now on (and stops following the previous one).
    public func follow(_ source: any BackNavigable) {
        self.source?.onChange = nil
        self.source = source
        source.onChange = { [weak self] in self?.update() }
        update()
    }

    /// The host followed now.
    public var followed: (any BackNavigable)? { source }

    /// Asks the followed host to go back (nothing happens on a root page).
    public func goBack() {
        guard let source, source.canGoBack else { return }
        source.requestBack()
    }

    private func update() {
        let canGoBack = source?.canGoBack ?? false
        backButton.isVisible = canGoBack
        backAction?.isEnabled = canGoBack
        if let title = source?.title { window?.title = title }
    }
}
