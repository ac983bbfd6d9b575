import CGtk

/// A drag on a widget (a `GtkGestureDrag`), by default from a touchscreen only: where the
/// finger went down, then its offset from there. Added in the capture phase, it sees the drag
/// before the widgets under the finger; `claim()` takes the touch from them (they are told it
/// was cancelled), `deny()` leaves it to them.
@MainActor
public final class DragGesture: Object {
    /// A drag on `widget` (which owns the gesture from now on): from a touchscreen only, or
    /// with `touchOnly: false` from a mouse too.
    public init(on widget: Widget, touchOnly: Bool = true) {
        super.init(UnsafeMutableRawPointer(gtk_gesture_drag_new()), transfer: .none)
        gtk_gesture_single_set_touch_only(rp_gesture_single(gobject), touchOnly ? 1 : 0)
        gtk_event_controller_set_propagation_phase(rp_event_controller(gobject), GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(widget.widget, rp_event_controller(gobject))
    }

    /// Runs `handler` with where the drag started, in the widget's coordinates.
    public func onBegin(_ handler: @escaping @MainActor (Double, Double) -> Void) {
        connectWithPoint("drag-begin", handler)
    }

    /// Runs `handler` with the offset from the start as the finger moves.
    public func onUpdate(_ handler: @escaping @MainActor (Double, Double) -> Void) {
        connectWithPoint("drag-update", handler)
    }

    /// Runs `handler` with the final offset when the finger lifts (or the drag is cancelled,
    /// or denied).
    public func onEnd(_ handler: @escaping @MainActor (Double, Double) -> Void) {
        connectWithPoint("drag-end", handler)
    }

    /// Takes the touch from the widgets under the finger.
    public func claim() { gtk_gesture_set_state(rp_gesture(gobject), GTK_EVENT_SEQUENCE_CLAIMED) }

    /// Gives the touch up: the widgets under the finger keep it.
    public func deny() { gtk_gesture_set_state(rp_gesture(gobject), GTK_EVENT_SEQUENCE_DENIED) }
}
