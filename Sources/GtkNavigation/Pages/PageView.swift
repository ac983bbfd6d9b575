import Gtk
import Navigation

/// The GTK side of one page: a view that binds to the page's model.
///
/// A host keeps the view alive exactly as long as its page is on the stack (plus the slide
/// animation when it leaves), then drops it and removes its widget, which frees both.
@MainActor
public protocol PageView: AnyObject {
    /// The page's root widget, added to the host's GtkStack.
    var widget: Widget { get }
    /// The widget that gets keyboard focus when the page is shown (its main button).
    ///
    /// Read each time the page comes to the top, so a view whose controls are replaced (a
    /// list's rows) should compute it rather than keep the first one it made. When it is
    /// `nil` or cannot take the focus, the first widget on the page that can (as Tab would)
    /// gets it; the page that leaves never keeps it.
    var initialFocus: Widget? { get }
    /// Gives the keyboard focus to the page's main control; returns whether it did. Hosts call
    /// it when the page comes to the top.
    ///
    /// The default focuses ``initialFocus``, a text field with its cursor at the end of its
    /// text, nothing selected. A view whose main control does not exist yet
    /// when asked (a row of a `ListView`, made only once it is about to show) implements this
    /// instead: scroll to the row, then focus it.
    func focusInitially() -> Bool
    /// Gives the keyboard focus back when the page is shown again because the pages above it
    /// left (Back, a swipe, a flow that ended): `opener` is the control on this page that had
    /// the focus when the page above it opened (the row or button that opened it), if it is
    /// still on this page. Returns whether it gave the focus.
    ///
    /// The default focuses `opener`, else does what ``focusInitially()`` does. A view whose
    /// controls are made again while it is covered (a `ListView`'s rows are reused for other
    /// items) implements this instead and focuses the item that opened the page. Whichever
    /// way the focus comes back to `opener`, a text field gets back its cursor and selection
    /// as they were, never its whole text selected.
    func focusOnReturn(opener: Widget?) -> Bool
    /// Whether Escape on this page goes back, as it does on a page of GNOME's navigation
    /// view (`NavigationAction.cancel` outside a dialog). A control on the page that uses
    /// Escape itself gets it first either way (a search entry clears its text, a popover or
    /// a menu closes); a page whose Escape means something else returns `false`.
    ///
    /// The default is `true`.
    var escapeGoesBack: Bool { get }
    /// Whether the page takes the keyboard focus when it opens in a split view's content while
    /// the user is in the sidebar. Choosing a row there opens a page beside the list and leaves
    /// the focus on the list, so that the arrow keys go on through it; a page the user opened
    /// to type in (an editor, from the sidebar's Add) returns `true`, and its
    /// ``focusInitially()`` gets the focus.
    ///
    /// The default is `false`.
    var takesFocusFromSidebar: Bool { get }
}

extension PageView {
    /// No preferred focus by default.
    public var initialFocus: Widget? { nil }

    /// Escape goes back.
    public var escapeGoesBack: Bool { true }

    /// The focus stays in the sidebar.
    public var takesFocusFromSidebar: Bool { false }

    /// Focuses ``initialFocus``; a text field gets its cursor at the end of its text, nothing
    /// selected (`Widget.grabFocusWithCaretAtEnd()`): the first key adds to the text. A view
    /// that wants its text selected implements this and selects it.
    public func focusInitially() -> Bool { initialFocus?.grabFocusWithCaretAtEnd() ?? false }

    /// Focuses `opener`, else does what ``focusInitially()`` does.
    public func focusOnReturn(opener: Widget?) -> Bool {
        if let opener, opener.grabFocusWithoutSelecting() { return true }
        return focusInitially()
    }
}

/// Builds the view for a page. The app supplies one; hosts call it for each new page.
public typealias PageViewFactory<Route: NavigationRoute> = @MainActor (Page<Route>) -> any PageView
