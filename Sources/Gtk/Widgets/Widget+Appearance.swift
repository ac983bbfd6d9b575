import CGtk

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
