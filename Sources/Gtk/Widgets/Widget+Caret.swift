import CGtk

/// The cursor and the selection of a text widget (an entry, a search entry, a spin button or a
/// text view), for tests in this package: where focus coming back left them, and a keystroke's
/// effect on them.
extension Widget {
    /// The end of the selection that stays put (the cursor itself when nothing is selected)
    /// and the cursor, in characters; `nil` for a widget that holds no editable text.
    package var caret: (anchor: Int, cursor: Int)? {
        Caret(of: widget).map { (Int($0.anchor), Int($0.cursor)) }
    }

    /// Selects from `anchor` to `cursor` and puts the cursor at `cursor`, as a shift+arrow
    /// selection would.
    package func setCaret(anchor: Int, cursor: Int) {
        Caret(anchor: Int32(anchor), cursor: Int32(cursor)).restore(in: widget)
    }

    /// What typing `text` does: the selection, if any, is replaced; else `text` goes in at the
    /// cursor; the cursor ends after it (GtkText and GtkTextView commit a keystroke so).
    package func typeAsKeystroke(_ text: String) {
        if rp_is_editable(widget) != 0 {
            let editable = rp_editable(widget)
            gtk_editable_delete_selection(editable)
            var position = gtk_editable_get_position(editable)
            gtk_editable_insert_text(editable, text, -1, &position)
            gtk_editable_set_position(editable, position)
        } else if rp_is_text_view(widget) != 0, let buffer = gtk_text_view_get_buffer(rp_text_view(widget)) {
            gtk_text_buffer_delete_selection(buffer, 1, 1)
            gtk_text_buffer_insert_interactive_at_cursor(buffer, text, -1, 1)
        }
    }
}
