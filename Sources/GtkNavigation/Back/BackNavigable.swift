import Navigation

/// Something a window's `BackNavigation` can follow: the shown page's title, whether Back
/// makes sense, and the router the user's Back, Cancel and close go to. The GTK hosts are all
/// `BackNavigable`; a `GtkTabHost` answers for its selected tab's host.
@MainActor
public protocol BackNavigable: AnyObject {
    /// The shown page's title.
    var title: String? { get }
    /// Whether there is a page to go back to.
    var canGoBack: Bool { get }
    /// Back's history: the pages below the shown one, newest first, with their titles (what
    /// the Back button's menu offers; empty on a root page).
    var backHistory: [(id: PageID, title: String)] { get }
    /// The pages Forward brings back, the next one first, with their titles (the Back
    /// button's menu offers them below a separator; empty where the router keeps none).
    var forwardHistory: [(id: PageID, title: String)] { get }
    /// The router of the shown stack: `BackNavigation` tells it of Back
    /// (`hostDidRequestBack()`) and of Cancel, Escape, the close button and Ctrl+W
    /// (`hostDidRequestDismiss(_:)`) itself, with no host in between.
    var backRouter: (any NavigationHostDelegate)? { get }
    /// Set by the `BackNavigation` that follows this source; called after every change.
    var onChange: (@MainActor () -> Void)? { get set }
    /// Whether the source shows Back buttons of its own right now (a split view's sides): the
    /// window's Back button then hides, and Alt+Left and the mouse's back button still work.
    var providesBackButtons: Bool { get }
    /// Whether Escape goes back from the shown page (outside a dialog): the shown page's
    /// `PageView.escapeGoesBack`.
    var escapeGoesBack: Bool { get }
}

extension BackNavigable {
    /// No Back buttons of its own: the window's Back button shows whenever Back makes sense.
    public var providesBackButtons: Bool { false }

    /// Escape goes back from every page.
    public var escapeGoesBack: Bool { true }

    /// No history: the Back button's menu does not open.
    public var backHistory: [(id: PageID, title: String)] { [] }

    /// No forward history: Forward does nothing.
    public var forwardHistory: [(id: PageID, title: String)] { [] }

}
