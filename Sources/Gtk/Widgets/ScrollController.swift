import CGtk

/// Scrolling over a widget (a `GtkEventControllerScroll`, both axes): what a touchpad's
/// two-finger swipe arrives as. A touchpad's scroll comes in a sequence — `onBegin`, the deltas,
/// `onEnd` — a mouse wheel's steps come alone. With `capturing`, it hears the scroll before
/// the widgets under the pointer (and decides, with `isFromTouchpad` and
/// `isOverSidewaysScroller`, whether to take it); else after them, only what they did not take.
@MainActor
public final class ScrollController: Object {
    /// Scrolling on `widget` (which owns the controller from now on).
    public init(on widget: Widget, capturing: Bool = false) {
        super.init(
            UnsafeMutableRawPointer(gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)),
            transfer: .none)
        if capturing {
            gtk_event_controller_set_propagation_phase(rp_event_controller(gobject), GTK_PHASE_CAPTURE)
        }
        gtk_widget_add_controller(widget.widget, rp_event_controller(gobject))
    }

    /// Runs `handler` when a scroll sequence starts (a touchpad's fingers, or a smooth-scrolling
    /// device, begin to move).
    public func onBegin(_ handler: @escaping @MainActor () -> Void) { connect("scroll-begin", handler) }

    /// Runs `handler` with each delta (dx, dy), in the unit the device reports (pixels-like
    /// for a touchpad, steps for a wheel); `true` from it means it was used and goes no further.
    public func onScroll(_ handler: @escaping @MainActor (Double, Double) -> Bool) {
        connectWithPointReturningBool("scroll", handler)
    }

    /// Runs `handler` when a scroll sequence ends (the fingers lifted).
    public func onEnd(_ handler: @escaping @MainActor () -> Void) { connect("scroll-end", handler) }

    /// Whether the scroll being handled comes from a touchpad; `nil` while no input event is
    /// being handled (a test emitting the controller's signals).
    public var isFromTouchpad: Bool? {
        switch rp_scroll_is_touchpad(gobject) {
        case -1: nil
        case 0: false
        default: true
        }
    }

    /// Whether the pointer of the scroll being handled is over something that scrolls sideways
    /// itself (a scrolled window with room to scroll horizontally, a text field); `false`
    /// while no input event is being handled.
    public var isOverSidewaysScroller: Bool { rp_event_over_sideways_scroller(gobject) != 0 }
}
