import CGtk

/// A `GtkEntry`: one line of text.
@MainActor
public final class Entry: Widget {
    /// An empty entry showing `placeholder` while empty.
    public init(placeholder: String? = nil) {
        super.init(UnsafeMutableRawPointer(gtk_entry_new()), transfer: .none)
        if let placeholder { gtk_entry_set_placeholder_text(rp_entry(gobject), placeholder) }
    }

    /// The text.
    public var text: String {
        get { String(cString: gtk_editable_get_text(rp_editable(gobject))) }
        set { gtk_editable_set_text(rp_editable(gobject), newValue) }
    }

    /// The most characters (Unicode code points) the entry takes; 0 (the default) for no
    /// limit. Typing stops at the limit and a longer paste is cut to it; a paste reads no more
    /// of the clipboard than that (a middle click's PRIMARY paste goes in at the cursor).
    public var maxLength: Int {
        get { Int(rp_editable_get_max_length(gobject)) }
        set { rp_editable_set_max_length(gobject, Int32(clamping: max(newValue, 0))) }
    }

    /// Whether Enter in the entry activates the window's default widget.
    public var activatesDefault: Bool {
        get { gtk_entry_get_activates_default(rp_entry(gobject)) != 0 }
        set { gtk_entry_set_activates_default(rp_entry(gobject), newValue ? 1 : 0) }
    }

    /// Runs `handler` after every change of the text (typing, pasting, `text = …`).
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("changed", handler)
    }

    /// Does what Enter in the entry does: emits its text's "activate", the signal GTK's Enter
    /// key binding emits (which presses the window's default button, with `activatesDefault`).
    /// For tests in this package.
    package func pressEnter() {
        if let text = gtk_editable_get_delegate(rp_editable(gobject)) {
            rp_signal_emit_void(UnsafeMutableRawPointer(text), "activate")
        }
    }

    /// Runs `handler` when Enter is pressed in the entry.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("activate", handler)
    }
}
