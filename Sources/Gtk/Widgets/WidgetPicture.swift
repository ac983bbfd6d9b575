import CGtk

/// A still picture of a widget as it is drawn now (a `GtkPicture` of the widget's current
/// image): it stays as it was when the widget changes or goes — what a page that has left
/// looks like while a swipe finishes sliding it away. It is decorative: its accessible role
/// is *presentation*, so screen readers skip it (the page it shows has already left).
@MainActor
public final class WidgetPicture: Widget {
    /// A picture of `widget` now, at its size.
    public init(of widget: Widget) {
        let live = gtk_widget_paintable_new(widget.widget)
        let still = gdk_paintable_get_current_image(rp_paintable(UnsafeMutableRawPointer(live)))
        g_object_unref(UnsafeMutableRawPointer(live))
        super.init(UnsafeMutableRawPointer(rp_decorative_picture_new(still)), transfer: .none)
        g_object_unref(UnsafeMutableRawPointer(still))
        gtk_picture_set_can_shrink(rp_picture(gobject), 1)
        gtk_widget_set_size_request(
            self.widget, gtk_widget_get_width(widget.widget), gtk_widget_get_height(widget.widget))
        gtk_widget_set_can_target(self.widget, 0)  // input goes to the page under it
    }
}
