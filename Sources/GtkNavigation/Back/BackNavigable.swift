import Navigation

/// Something a window's `BackNavigation` can follow: the visible page's title, whether Back
/// makes sense, and how to ask for Back or for closing. The GTK hosts are all `BackNavigable`;
/// a `GtkTabHost` passes everything on to its visible tab's host.
@MainActor
public protocol BackNavigable: AnyObject {
    /// The visible page's title.
    var title: String? { get }
    /// Whether there is a page to go back to.
    var canGoBack: Bool { get }
    /// The user asked to go back one page: tell the router.
    func requestBack()
    /// The user asked to close: `cancel` for a dialog's Cancel button or Escape, `close` for
    /// its close button or Ctrl+W. Tell the router.
    func requestClose(_ reason: LeaveReason)
    /// Set by the `BackNavigation` that follows this source; called after every change.
    var onChange: (@MainActor () -> Void)? { get set }
    /// Whether the source shows Back buttons of its own right now (a split view's sides): the
    /// window's Back button then hides, and Alt+Left and the mouse's back button still work.
    var providesBackButtons: Bool { get }
}

extension BackNavigable {
    /// No Back buttons of its own: the window's Back button shows whenever Back makes sense.
    public var providesBackButtons: Bool { false }
}
