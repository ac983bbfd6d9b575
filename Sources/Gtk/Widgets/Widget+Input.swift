import CGtk

/// Key values GTK reports for keys (`onKeyPressed`).
public enum KeyValue {
    /// The Escape key.
    public static let escape = UInt32(GDK_KEY_Escape)
}

/// Pointer, focus and key input on a widget: each is a GTK event controller the widget owns,
/// so the handler lives as long as the widget.
extension Widget {
    /// Runs `handler` when mouse button `button` is pressed over the widget (8 is the usual
    /// "back" side button, 9 "forward").
    public func onMouseButton(_ button: UInt32, _ handler: @escaping @MainActor () -> Void) {
        let gesture = Object(UnsafeMutableRawPointer(gtk_gesture_click_new()), transfer: .none)
        gtk_gesture_single_set_button(rp_gesture_single(gesture.gobject), button)
        gesture.connectPressed(handler)
        gtk_widget_add_controller(widget, rp_event_controller(gesture.gobject))
    }

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
    /// Runs `handler` with a point (in the widget's coordinates) when the user asks for the
    /// widget's menu, every way GNOME's guidelines name: a right click, a long press on a
    /// touchscreen, or, while the widget has the keyboard focus, the Menu key or Shift+F10 (the
    /// point is then the middle of the widget's bottom edge). A long press claims its touch, so
    /// a button pressed that way is not also clicked. The controllers are the widget's.
    public func onContextRequest(_ handler: @escaping @MainActor (Double, Double) -> Void) {
        // The handlers hold their controller's pointer, not its wrapper (which goes when this
        // returns): the widget owns the controller, and the controller the handler.
        let keys = Object(UnsafeMutableRawPointer(gtk_event_controller_key_new()), transfer: .none)
        let keyController = rp_event_controller(keys.gobject)
        _ = keys.connectKeyPressed { [weak self] key in
            guard let self else { return false }
            let state = gtk_event_controller_get_current_event_state(keyController)
            let shifted = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
            guard key == UInt32(GDK_KEY_Menu) || (key == UInt32(GDK_KEY_F10) && shifted) else { return false }
            handler(Double(gtk_widget_get_width(self.widget)) / 2, Double(gtk_widget_get_height(self.widget)))
            return true
        }
        gtk_widget_add_controller(widget, rp_event_controller(keys.gobject))
        let click = Object(UnsafeMutableRawPointer(gtk_gesture_click_new()), transfer: .none)
        gtk_gesture_single_set_button(rp_gesture_single(click.gobject), 3)
        _ = click.connectPressedAt(handler)
        gtk_widget_add_controller(widget, rp_event_controller(click.gobject))
        let press = Object(UnsafeMutableRawPointer(gtk_gesture_long_press_new()), transfer: .none)
        gtk_gesture_single_set_touch_only(rp_gesture_single(press.gobject), 1)
        let pressGesture = rp_gesture(press.gobject)
        press.connectWithPoint("pressed") { x, y in
            gtk_gesture_set_state(pressGesture, GTK_EVENT_SEQUENCE_CLAIMED)
            handler(x, y)
        }
        // Before the widget's own gestures, so that the touch is claimed before a click is.
        gtk_event_controller_set_propagation_phase(rp_event_controller(press.gobject), GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(widget, rp_event_controller(press.gobject))
    }

    /// Puts `text` on the widget's clipboard and pastes it into the widget (an editable: its
    /// inner text's `paste-clipboard`; a text view: its own; what Ctrl+V does). The paste
    /// completes on a later turn of the main loop, as GTK reads the clipboard asynchronously.
    /// For tests.
    package func pasteAsUser(_ text: String) {
        gdk_clipboard_set_text(gtk_widget_get_clipboard(widget), text)
        if rp_is_text_view(gobject) != 0 { return rp_signal_emit_void(gobject, "paste-clipboard") }
        guard rp_is_editable(gobject) != 0 else { return }
        rp_signal_emit_void(UnsafeMutableRawPointer(rp_editable_innermost(rp_editable(gobject))), "paste-clipboard")
    }

    /// The GTK widget a paste goes into: an editable's inner text, or the widget itself.
    private var pasteTarget: UnsafeMutablePointer<GtkWidget> {
        guard rp_is_editable(gobject) != 0 else { return widget }
        return rp_widget(UnsafeMutableRawPointer(rp_editable_innermost(rp_editable(gobject))))
    }

    /// Puts `text` on the PRIMARY selection and middle-clicks the widget at (`x`, `y`), as a
    /// field with a limit (`TextView.maxLength`, `Entry.maxLength`) takes a middle click: its
    /// own bounded paste's gesture. Returns `false`, having done nothing, for a widget without
    /// a limit (GTK's own paste). The paste completes on a later turn of the loop. For tests.
    package func middleClickPasteAsUser(_ text: String, x: Double, y: Double) -> Bool {
        rp_bounded_paste_middle_click(pasteTarget, text, x, y) != 0
    }

    /// How many bytes of the clipboard the last paste into a field with a limit read (0 before
    /// one). For tests: a paste reads no more than the field can take.
    package var pasteBytesRead: Int { Int(rp_bounded_paste_bytes_read(pasteTarget)) }
}
