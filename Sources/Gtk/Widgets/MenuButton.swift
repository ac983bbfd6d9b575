import CGtk

/// A `GtkMenuButton` with an icon, opening a menu of actions.
@MainActor
public final class MenuButton: Widget {
    /// A menu button showing `iconName`, named `accessibleLabel` for screen readers, whose
    /// menu lists `items` (label, and the action the item activates).
    public init(iconName: String, accessibleLabel: String, items: [(label: String, action: ActionName)]) {
        super.init(UnsafeMutableRawPointer(gtk_menu_button_new()), transfer: .none)
        let button = rp_menu_button(gobject)
        gtk_menu_button_set_icon_name(button, iconName)
        gtk_menu_button_set_primary(button, 1)
        setAccessibleLabel(accessibleLabel)
        // Its own toggle button, which takes the focus, too, where GTK leaves it without a
        // name (4.18). GTK 4.8 labels it by the menu button: a label of its own as well would
        // make its name "Main menu Main menu".
        if let inner = rp_inner_toggle_button(widget), rp_accessible_has_labelled_by(inner) == 0 {
            rp_accessible_set_label(inner, accessibleLabel)
        }
        tooltip = accessibleLabel
        let menu = g_menu_new()
        for item in items { g_menu_append(menu, item.label, item.action.detailedName) }
        // The menu's popover is made when it first opens, not with the window: GTK builds a
        // popover of every item as soon as it has the model (0.35 M instructions an item at
        // start-up, measured). The button holds the model until then.
        // The menu is named as its button is (GTK 4.8 would name it "GtkPopoverMenu").
        let create: @convention(c) (OpaquePointer?, gpointer?) -> Void = { button, model in
            gtk_menu_button_set_menu_model(button, model?.assumingMemoryBound(to: GMenuModel.self))
            if let popover = gtk_menu_button_get_popover(button) {
                rp_popover_menu_name(
                    rp_widget(popover), gtk_widget_get_tooltip_text(rp_widget(UnsafeMutableRawPointer(button))))
            }
        }
        gtk_menu_button_set_create_popup_func(button, create, UnsafeMutableRawPointer(menu)) { g_object_unref($0) }
    }
}
