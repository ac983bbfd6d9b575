import CGtk

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
