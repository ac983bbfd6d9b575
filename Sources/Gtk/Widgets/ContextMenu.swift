import CGtk

/// A context menu: a GtkPopoverMenu of items, each activating an action (found from the
/// widget up, as a button's would), opened at a point of the widget it belongs to — where
/// the user right-clicked. Escape or a click outside closes it; the arrow keys move between
/// its items. The menu is the widget's child only while it is open, so the widget can go
/// away at any time.
@MainActor
public final class ContextMenu {
    private let popover: UnsafeMutablePointer<GtkWidget>
    private weak var owner: Widget?
    private let closed: Object
    /// Called once the menu has closed, after the chosen item's action (if any) ran: with
    /// Escape, a click outside, or an item.
    public var onClosed: (@MainActor () -> Void)?

    /// The items' titles, in order: what the menu offers.
    public let titles: [String]
    /// How many sections the menu has (a separator between two; tests check it).
    package let sectionCount: Int

    /// A menu of `items` (a title and the action it activates) on `widget`.
    public convenience init(on widget: Widget, items: [(title: String, action: ActionName)]) {
        self.init(on: widget, choices: items.map { ($0.title, $0.action, nil) })
    }

    /// A menu of `choices` on `widget`: each a title, and the action it activates with its
    /// `target` as the action's string parameter (an action added with `taking:`), or with no
    /// parameter when `target` is `nil`.
    public convenience init(on widget: Widget, choices: [(title: String, action: ActionName, target: String?)]) {
        self.init(on: widget, sections: [choices])
    }

    /// A menu of `sections` on `widget`, a separator between two sections (empty ones are
    /// left out): their choices as in `init(on:choices:)`.
    public init(on widget: Widget, sections: [[(title: String, action: ActionName, target: String?)]]) {
        owner = widget
        let sections = sections.filter { !$0.isEmpty }
        titles = sections.flatMap { $0.map { $0.title } }
        sectionCount = sections.count
        let menu = g_menu_new()
        for choices in sections {
            let section = g_menu_new()
            for choice in choices {
                let item = g_menu_item_new(choice.title, nil)
                if let target = choice.target {
                    g_menu_item_set_action_and_target_value(
                        item, choice.action.detailedName, g_variant_new_string(target))
                } else {
                    g_menu_item_set_action_and_target_value(item, choice.action.detailedName, nil)
                }
                g_menu_append_item(section, item)
                g_object_unref(UnsafeMutableRawPointer(item))
            }
            // A section of its own (GtkPopoverMenu draws a separator between sections).
            g_menu_append_section(menu, nil, UnsafeMutableRawPointer(section)!.assumingMemoryBound(to: GMenuModel.self))
            g_object_unref(UnsafeMutableRawPointer(section))
        }
        popover = gtk_popover_menu_new_from_model(
            UnsafeMutableRawPointer(menu)!.assumingMemoryBound(to: GMenuModel.self))
        g_object_unref(UnsafeMutableRawPointer(menu))  // the popover holds the model
        gtk_popover_set_has_arrow(rp_popover(popover), 0)
        gtk_widget_set_halign(popover, GTK_ALIGN_START)
        g_object_ref_sink(UnsafeMutableRawPointer(popover))  // this object's, parented or not
        closed = Object(UnsafeMutableRawPointer(popover), transfer: .none)
        // Unparented once closed, after the chosen item's action ran (it is looked up from the
        // widget, through the popover's parent).
        closed.connect("closed") { [weak self] in
            self?.returnFocus()
            Task { @MainActor in
                self?.detach()
                self?.onClosed?()
            }
        }
    }

    isolated deinit {
        if gtk_widget_get_parent(popover) != nil { gtk_widget_unparent(popover) }
        g_object_unref(UnsafeMutableRawPointer(popover))
    }

    /// The focus, if it was in the menu, goes back to the widget the menu opened on (GTK 4.8
    /// leaves it on the closed menu's item, where no key reaches, and a dialog that closes
    /// later gives it back there).
    private func returnFocus() {
        guard let owner, let root = gtk_widget_get_root(owner.widget) else { return }
        let focus = gtk_root_get_focus(root)
        if focus == nil || focus == popover || gtk_widget_is_ancestor(focus, popover) != 0 { owner.grabFocus() }
    }

    private func detach() {
        if gtk_widget_get_parent(popover) != nil, gtk_widget_get_visible(popover) == 0 { gtk_widget_unparent(popover) }
    }

    /// Opens the menu at (`x`, `y`) in its widget's coordinates.
    public func open(x: Double, y: Double) {
        guard let owner else { return }
        if gtk_widget_get_parent(popover) == nil { gtk_widget_set_parent(popover, owner.widget) }
        var point = GdkRectangle(x: Int32(x), y: Int32(y), width: 1, height: 1)
        gtk_popover_set_pointing_to(rp_popover(popover), &point)
        gtk_popover_popup(rp_popover(popover))
        // Named once shown: GTK makes the items again once the menu is in a window.
        rp_popover_menu_name(popover, accessibleLabel)
    }

    /// The menu's name for screen readers, said as it opens ("Back menu."): what it offers
    /// choices about. Set it before `open(x:y:)`; `nil` leaves the menu unnamed.
    public var accessibleLabel: String?

    /// Whether the menu is open.
    public var isOpen: Bool { gtk_widget_get_visible(popover) != 0 }

    /// Closes the menu.
    public func close() { gtk_popover_popdown(rp_popover(popover)) }
}
