import CGtk

/// The keyboard focus inside a widget, remembered while widgets move (a page moving from one
/// stack to another loses the focus when it leaves its old parent) or another window takes it
/// (an alert): `restore()` gives it back to the same widget if that is still on screen. An
/// editable text widget (entry, search entry, spin button, text view) gets back its cursor and
/// its selection exactly as they were when the focus was remembered, never its whole text
/// selected. Holds a reference to the focused widget.
@MainActor
public final class SavedFocus {
    private let focused: UnsafeMutablePointer<GtkWidget>
    private let caret: Caret?

    /// The focus of `container`'s window if it is on `container` or inside it, else `nil`.
    public init?(in container: Widget) {
        guard container.containsFocus, let root = gtk_widget_get_root(container.widget),
            let focus = gtk_root_get_focus(root)
        else { return nil }
        focused = focus
        caret = Caret(of: focus)
        g_object_ref(UnsafeMutableRawPointer(focus))
    }

    /// The focus widget of `window` (the one that has the focus when the window is active),
    /// whether or not the window is active now; `nil` if it has none.
    public init?(of window: Window) {
        guard let focus = gtk_root_get_focus(rp_root(window.gobject)) else { return nil }
        focused = focus
        caret = Caret(of: focus)
        g_object_ref(UnsafeMutableRawPointer(focus))
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(focused)) }

    /// The remembered widget.
    public var widget: Widget { Widget(UnsafeMutableRawPointer(focused), transfer: .none) }

    /// Whether the remembered widget is inside `widget` (or is it).
    public func isInside(_ widget: Widget) -> Bool {
        focused == widget.widget || gtk_widget_is_ancestor(focused, widget.widget) != 0
    }

    /// Focuses the remembered widget again if it is on a visible branch of a window, with its
    /// cursor and selection as they were; returns whether it has the focus now.
    @discardableResult
    public func restore() -> Bool {
        guard Widget.isOnVisibleBranch(focused), Caret.grabFocusWithoutSelecting(focused) else { return false }
        caret?.restore(in: focused)
        return true
    }

    /// If the remembered widget has the focus now (something else gave it back), puts its
    /// cursor and selection back as they were.
    public func restoreCaret() {
        guard let caret, gtk_widget_has_focus(focused) != 0 else { return }
        caret.restore(in: focused)
    }
}

/// Where the cursor and the selection of an editable widget are: a `GtkText` (the text of an
/// entry, a search entry or a spin button) or a `GtkTextView`. Remembered before the focus
/// moves away and put back when it returns, so that focus coming back never selects the whole
/// text (a plain grab on an entry does, and the next keystroke would replace it).
@MainActor
struct Caret {
    /// The end of the selection that does not move with the cursor (the cursor itself when
    /// nothing is selected), and the cursor, in characters.
    let anchor: Int32
    let cursor: Int32

    init(anchor: Int32, cursor: Int32) {
        self.anchor = anchor
        self.cursor = cursor
    }

    /// The cursor at the end of `widget`'s text, nothing selected, if it is an editable text
    /// widget.
    static func atEnd(of widget: UnsafeMutablePointer<GtkWidget>) -> Caret? {
        let length: Int32
        if rp_is_editable(widget) != 0, let text = gtk_editable_get_text(rp_editable(widget)) {
            length = Int32(clamping: g_utf8_strlen(text, -1))
        } else if rp_is_text_view(widget) != 0, let buffer = gtk_text_view_get_buffer(rp_text_view(widget)) {
            length = gtk_text_buffer_get_char_count(buffer)
        } else {
            return nil
        }
        return Caret(anchor: length, cursor: length)
    }

    /// The caret of `widget`, if it is an editable text widget.
    init?(of widget: UnsafeMutablePointer<GtkWidget>) {
        if rp_is_editable(widget) != 0 {
            var anchor: Int32 = 0
            var cursor: Int32 = 0
            rp_editable_get_caret(widget, &anchor, &cursor)
            (self.anchor, self.cursor) = (anchor, cursor)
        } else if rp_is_text_view(widget) != 0, let buffer = gtk_text_view_get_buffer(rp_text_view(widget)) {
            var insert = GtkTextIter()
            var bound = GtkTextIter()
            gtk_text_buffer_get_iter_at_mark(buffer, &insert, gtk_text_buffer_get_insert(buffer))
            gtk_text_buffer_get_iter_at_mark(buffer, &bound, gtk_text_buffer_get_selection_bound(buffer))
            cursor = gtk_text_iter_get_offset(&insert)
            anchor = gtk_text_iter_get_offset(&bound)
        } else {
            return nil
        }
    }

    /// Puts the cursor and the selection of `widget` back where they were (clamped to its
    /// text, which may have become shorter).
    func restore(in widget: UnsafeMutablePointer<GtkWidget>) {
        if rp_is_editable(widget) != 0 {
            rp_editable_set_caret(widget, anchor, cursor)
        } else if rp_is_text_view(widget) != 0, let buffer = gtk_text_view_get_buffer(rp_text_view(widget)) {
            var insert = GtkTextIter()
            var bound = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(buffer, &insert, cursor)
            gtk_text_buffer_get_iter_at_offset(buffer, &bound, anchor)
            gtk_text_buffer_select_range(buffer, &insert, &bound)
        }
    }

    /// Gives `widget` the keyboard focus without selecting its text (a `GtkText` selects all of
    /// it on a plain grab); returns whether it has the focus.
    static func grabFocusWithoutSelecting(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        if rp_is_text(widget) != 0 { return gtk_text_grab_focus_without_selecting(rp_text(widget)) != 0 }
        return gtk_widget_grab_focus(widget) != 0
    }
}
