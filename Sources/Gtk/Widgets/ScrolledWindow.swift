import CGtk

/// A `GtkScrolledWindow` that scrolls its child vertically: a page taller than its window
/// scrolls instead of making the window taller.
@MainActor
public final class ScrolledWindow: Widget {
    private let content: Widget

    /// Scrolls `child` vertically; horizontally it is as wide as the scrolled window.
    public init(child: Widget) {
        content = child
        super.init(UnsafeMutableRawPointer(gtk_scrolled_window_new()), transfer: .none)
        let scrolled = rp_scrolled_window(gobject)
        gtk_scrolled_window_set_policy(scrolled, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(scrolled, child.widget)
        // GTK 4.8 leaves a handler on the settings behind for every scrolled window shown
        // (see calls.h): drop it as the window unrealizes.
        rp_scrolled_window_forget_settings_on_unrealize(gobject)
    }

    /// How tall the scrolled area is: at least `minimum` pixels; with `maximum`, as tall as
    /// its child up to `maximum` (a short list shows whole, a long one scrolls); without, as
    /// tall as it is given.
    public func setContentHeight(minimum: Int, maximum: Int? = nil) {
        let scrolled = rp_scrolled_window(gobject)
        gtk_scrolled_window_set_min_content_height(scrolled, Int32(minimum))
        gtk_scrolled_window_set_max_content_height(scrolled, Int32(maximum ?? -1))
        gtk_scrolled_window_set_propagate_natural_height(scrolled, maximum == nil ? 0 : 1)
    }

    /// How many handlers of the display's settings carry this scrolled window (for tests: GTK
    /// 4.8 connects one at each realize; none must be left once it is unrealized).
    package var handlersOnSettings: Int { Int(rp_settings_handlers_with_data(gobject)) }

    /// The widget that scrolls.
    public var child: Widget { content }

    /// How far down the child is scrolled, in pixels (0: at the top).
    package var verticalOffset: Double {
        get { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(rp_scrolled_window(gobject))) }
        set { gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(rp_scrolled_window(gobject)), newValue) }
    }

    /// How much of the child shows at once, in pixels (the height of the scrolled area).
    package var visibleHeight: Double {
        gtk_adjustment_get_page_size(gtk_scrolled_window_get_vadjustment(rp_scrolled_window(gobject)))
    }

    /// How far down the child can be scrolled, in pixels (0: it fits).
    package var maximumVerticalOffset: Double {
        let adjustment = gtk_scrolled_window_get_vadjustment(rp_scrolled_window(gobject))
        return max(0, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
    }
}
