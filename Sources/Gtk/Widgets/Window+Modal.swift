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

extension Window {
    /// How many of the process's windows are shown (for tests: a dialog inside its window adds
    /// none).
    package static var shownCount: Int { VisibleControls.shownWindows().count }

    /// Whether the keyboard focus of this window is inside `widget` (for tests).
    package func focusIsInside(_ widget: Widget) -> Bool { SavedFocus(of: self)?.isInside(widget) ?? false }
}

extension Widget {
    /// Where the widget is in `other`'s coordinates: its left and top edges, its middle across
    /// and its bottom edge; `nil` when the two are not in one window (for tests: where a card
    /// sits in its layer).
    package func bounds(in other: Widget) -> (minX: Double, minY: Double, midX: Double, maxY: Int)? {
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, other.widget, &rect) != 0 else { return nil }
        let x = Double(rect.origin.x)
        let y = Double(rect.origin.y)
        return (x, y, x + Double(rect.size.width) / 2, Int((y + Double(rect.size.height)).rounded()))
    }
}

extension Window {
    /// What the focused control shows (its labels' texts, else its type), for tests.
    package var focusDescription: String { VisibleControls.focusedText() ?? "nothing" }
}
