import CGtk

extension Window {
    /// Whether a visible modal window is transient for this one (a dialog, or an alert over
    /// it): while one is, this window takes no input.
    public var isUnderModalWindow: Bool { Self.isUnderModalWindow(rp_window(gobject)) }

    /// Whether a visible modal window is transient for `window`.
    static func isUnderModalWindow(_ window: UnsafeMutablePointer<GtkWindow>) -> Bool {
        guard let toplevels = gtk_window_get_toplevels() else { return false }  // not owned
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let item = g_list_model_get_item(toplevels, index) else { continue }
            defer { g_object_unref(item) }
            let other = rp_window(item)
            if gtk_window_get_transient_for(other) == window, gtk_window_get_modal(other) != 0,
                gtk_widget_get_visible(rp_widget(item)) != 0
            {
                return true
            }
        }
        return false
    }
}
