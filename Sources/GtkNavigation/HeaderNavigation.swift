import Gtk

/// A window's Back button and title, following one `BackNavigable` at a time.
///
/// The Back button is shown only when the followed host has a page to go back to; pressing
/// it asks that host's router to go back. The window title follows the visible page's title,
/// so the header bar (when it shows the title), a screen reader and a test all know where
/// the user is.
@MainActor
public final class HeaderNavigation {
    /// The Back button: pack it at the start of the header bar.
    public let backButton = Button(iconName: "go-previous-symbolic", accessibleLabel: "Back")
    private weak var window: Window?
    private weak var source: (any BackNavigable)?

    /// Back and title for `window`.
    public init(window: Window) {
        self.window = window
        backButton.isVisible = false
        backButton.onClicked { [weak self] in self?.source?.requestBack() }
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

    private func update() {
        backButton.isVisible = source?.canGoBack ?? false
        if let title = source?.title { window?.title = title }
    }
}
