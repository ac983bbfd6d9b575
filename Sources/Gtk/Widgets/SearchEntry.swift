import CGtk

/// A `GtkSearchEntry`: a search field with a magnifier and a clear icon, that reports its text
/// at once as the user types (no delay: the search should be cheap enough for every keystroke).
///
/// Escape clears the text; in an empty entry it does ``onEscapeWhenEmpty`` instead (GTK's
/// search entry takes Escape either way, so a dialog's own Escape needs passing on).
/// ``addFocusShortcut(on:trigger:)`` adds the usual Ctrl+F.
@MainActor
public final class SearchEntry: Widget {
    /// Runs when Escape is pressed in the empty entry (for example, a dialog's Cancel).
    public var onEscapeWhenEmpty: (@MainActor () -> Void)?

    /// An empty search entry showing `placeholder` while empty.
    public init(placeholder: String) {
        super.init(UnsafeMutableRawPointer(gtk_search_entry_new()), transfer: .none)
        rp_object_set_string(gobject, "placeholder-text", placeholder)
        gtk_search_entry_set_search_delay(OpaquePointer(gobject), 0)
        connect("stop-search") { [weak self] in
            guard let self else { return }
            if self.text.isEmpty { self.onEscapeWhenEmpty?() } else { self.text = "" }
        }
    }

    /// The text.
    public var text: String {
        get { String(cString: gtk_editable_get_text(rp_editable(gobject))) }
        set { gtk_editable_set_text(rp_editable(gobject), newValue) }
    }

    /// The most characters the entry takes; 0 (the default) for no limit. Typing stops at the
    /// limit and a longer paste is cut to it, so a page of pasted text never reaches the
    /// search (nor a label that quotes it).
    public var maxLength: Int {
        get { Int(rp_editable_get_max_length(gobject)) }
        set { rp_editable_set_max_length(gobject, Int32(clamping: max(newValue, 0))) }
    }

    /// Runs `handler` after every change of the text (typing, pasting, the clear icon, Escape,
    /// `text = …`).
    @discardableResult
    public func onSearchChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("search-changed", handler)
    }

    /// Makes `trigger` (Ctrl+F unless said) focus the entry, whichever widget of the window has
    /// the focus, while `scope` (the page holding the entry) is on screen.
    public func addFocusShortcut(on scope: Widget, trigger: String = "<Control>f") {
        let focus = ActionName(group: "search", name: "focus", accelerator: trigger)
        let grab: @MainActor () -> Void = { [weak self] in self?.grabFocus() }
        scope.insertActions([(focus, grab)])
        rp_add_window_shortcut(scope.gobject, trigger, focus.detailedName)
    }
}
