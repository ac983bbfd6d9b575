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
