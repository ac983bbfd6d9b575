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

/// A widget moved sideways without a new layout (CSS `transform: translateX`, on this widget
/// only): what a swipe draws while the fingers move the page.
@MainActor
public final class SidewaysShift {
    private weak var target: Widget?
    private let provider = CSSProvider(css: "")
    /// The CSS class that keeps the stylesheet to this widget (`rp_widget_add_own_style`).
    private let ownClass: String
    private static var made = 0

    /// A shift of `widget`, at 0 until set.
    public init(_ widget: Widget) {
        target = widget
        Self.made += 1
        ownClass = "raypets-sideways-shift-\(Self.made)"
        rp_widget_add_own_style(
            widget.widget, rp_style_provider(provider.gobject), ownClass,
            UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1))
    }

    isolated deinit {
        guard let target else { return }
        rp_widget_remove_own_style(target.widget, rp_style_provider(provider.gobject), ownClass)
    }

    /// How far the widget is moved, in pixels (negative: to the left).
    public var x: Double = 0 {
        didSet {
            let css = x == 0 ? "" : ".\(ownClass) { transform: translateX(\(Int(x.rounded()))px); }"
            rp_css_provider_load_string(rp_css_provider(provider.gobject), css)
        }
    }
}

/// Widgets drawn over a child (a `GtkOverlay`): the child sizes it, the overlays sit on top.
@MainActor
public final class Overlay: Widget {
    /// An overlay over `child`.
    public init(child: Widget) {
        super.init(UnsafeMutableRawPointer(gtk_overlay_new()), transfer: .none)
        gtk_overlay_set_child(rp_overlay(gobject), child.widget)
    }

    /// Puts `widget` over the child (place it with its alignment and margins).
    public func addOverlay(_ widget: Widget) {
        gtk_overlay_add_overlay(rp_overlay(gobject), widget.widget)
    }

    /// Takes `widget` off again.
    public func removeOverlay(_ widget: Widget) {
        gtk_overlay_remove_overlay(rp_overlay(gobject), widget.widget)
    }
}

/// A still picture of a widget as it is drawn now (a `GtkPicture` of the widget's current
/// image): it stays as it was when the widget changes or goes — what a page that has left
/// looks like while a swipe finishes sliding it away.
@MainActor
public final class WidgetPicture: Widget {
    /// A picture of `widget` now, at its size.
    public init(of widget: Widget) {
        let live = gtk_widget_paintable_new(widget.widget)
        let still = gdk_paintable_get_current_image(rp_paintable(UnsafeMutableRawPointer(live)))
        g_object_unref(UnsafeMutableRawPointer(live))
        super.init(UnsafeMutableRawPointer(gtk_picture_new_for_paintable(still)), transfer: .none)
        g_object_unref(UnsafeMutableRawPointer(still))
        gtk_picture_set_can_shrink(rp_picture(gobject), 1)
        gtk_widget_set_size_request(
            self.widget, gtk_widget_get_width(widget.widget), gtk_widget_get_height(widget.widget))
        gtk_widget_set_can_target(self.widget, 0)  // input goes to the page under it
    }
}

extension Widget {
    /// How opaque the widget is drawn, from 0 (not at all) to 1.
    public var opacity: Double {
        get { gtk_widget_get_opacity(widget) }
        set { gtk_widget_set_opacity(widget, newValue) }
    }

    /// Whether the pointer and touches can land on the widget (`false`: they go to what is under
    /// it).
    public var canTarget: Bool {
        get { gtk_widget_get_can_target(widget) != 0 }
        set { gtk_widget_set_can_target(widget, newValue ? 1 : 0) }
    }

    /// Lays out the widgets made from now on right to left (or left to right): as a
    /// right-to-left locale would. For tests.
    package static func setDefaultDirection(rightToLeft: Bool) {
        gtk_widget_set_default_direction(rightToLeft ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
    }

    /// Whether the widget lays out right to left (its text direction, from the locale).
    public var isRightToLeft: Bool { gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL }
}
