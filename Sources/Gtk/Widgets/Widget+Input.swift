import CGtk

/// Key values GTK reports for keys (`onKeyPressed`).
public enum KeyValue {
    /// The Escape key.
    public static let escape = UInt32(GDK_KEY_Escape)
}

/// Pointer, focus and key input on a widget: each is a GTK event controller the widget owns,
/// so the handler lives as long as the widget.
extension Widget {
    /// Runs `handler` each time the keyboard focus enters the widget or one of its children
    /// (a `GtkEventControllerFocus`, owned by the widget).
    public func onFocusEnter(_ handler: @escaping @MainActor () -> Void) {
        let controller = Object(UnsafeMutableRawPointer(gtk_event_controller_focus_new()), transfer: .none)
        controller.connect("enter", handler)
        gtk_widget_add_controller(widget, rp_event_controller(controller.gobject))
    }

    /// Runs `handler` each time the keyboard focus leaves the widget and its children.
    public func onFocusLeave(_ handler: @escaping @MainActor () -> Void) {
        let controller = Object(UnsafeMutableRawPointer(gtk_event_controller_focus_new()), transfer: .none)
        controller.connect("leave", handler)
        gtk_widget_add_controller(widget, rp_event_controller(controller.gobject))
    }

    /// Runs `entered` when the pointer comes over the widget (or one of its children) and
    /// `left` when it leaves it (a `GtkEventControllerMotion`). Returns the controller.
    @discardableResult
    public func onPointer(entered: @escaping @MainActor () -> Void, left: @escaping @MainActor () -> Void) -> Object {
        let controller = Object(UnsafeMutableRawPointer(gtk_event_controller_motion_new()), transfer: .none)
        controller.connectWithPoint("enter") { _, _ in entered() }
        controller.connect("leave", left)
        gtk_widget_add_controller(widget, rp_event_controller(controller.gobject))
        return controller
    }

    /// Runs `handler` with the key value (`KeyValue`) of each key pressed while the focus is
    /// in the widget or one of its children; `true` from it means the key was handled and goes
    /// no further (a `GtkEventControllerKey`). Returns the controller.
    @discardableResult
    public func onKeyPressed(_ handler: @escaping @MainActor (UInt32) -> Bool) -> Object {
        let controller = Object(UnsafeMutableRawPointer(gtk_event_controller_key_new()), transfer: .none)
        controller.connectKeyPressed(handler)
        gtk_widget_add_controller(widget, rp_event_controller(controller.gobject))
        return controller
    }
}

extension Widget {
    /// Puts `text` on the widget's clipboard and pastes it into the widget (an editable: its
    /// inner text's `paste-clipboard`, what Ctrl+V does). The paste completes on a later turn
    /// of the main loop, as GTK reads the clipboard asynchronously. For tests.
    package func pasteAsUser(_ text: String) {
        gdk_clipboard_set_text(gtk_widget_get_clipboard(widget), text)
        guard rp_is_editable(gobject) != 0 else { return }
        rp_signal_emit_void(UnsafeMutableRawPointer(rp_editable_innermost(rp_editable(gobject))), "paste-clipboard")
    }
}
