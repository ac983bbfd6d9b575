import CGtk

/// A `GtkBox`: children in a row or a column.
@MainActor
public final class Box: Widget {
    /// The direction children are laid out in.
    public enum Axis: Sendable {
        /// Side by side, start to end.
        case horizontal
        /// One above the other, top to bottom.
        case vertical
    }

    /// The children, held strongly like the GtkBox holds them (ownership rule 1).
    public private(set) var children: [Widget] = []

    /// An empty box.
    public init(_ axis: Axis, spacing: Int32 = 0) {
        let orientation = axis == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
        super.init(UnsafeMutableRawPointer(gtk_box_new(orientation, spacing)), transfer: .none)
    }

    /// What a modal card is to assistive technologies.
    public enum CardRole: Sendable {
        /// A dialog: its name is its flow's or its page's.
        case dialog
        /// An alert dialog: a question, read with its description.
        case alertDialog
    }

    /// An empty vertical box that assistive technologies see as a modal dialog (or alert
    /// dialog) — the role can only be set when the box is made: a card of a `ModalLayer`.
    public static func card(role: CardRole) -> Box {
        let box = Box(
            UnsafeMutableRawPointer(
                rp_box_new_with_role(
                    GTK_ORIENTATION_VERTICAL, 0,
                    role == .dialog ? GTK_ACCESSIBLE_ROLE_DIALOG : GTK_ACCESSIBLE_ROLE_ALERT_DIALOG)))
        rp_accessible_set_modal(box.gobject, 1)
        return box
    }

    private init(_ pointer: UnsafeMutableRawPointer) { super.init(pointer, transfer: .none) }

    /// An empty box whose accessible role is *group* on every GTK version (GTK 4.8 gives a box
    /// that role; later versions make it *generic*, which may not have a name): a region a
    /// screen reader announces by its name, such as a navigation page.
    public init(group axis: Axis) {
        let orientation = axis == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
        super.init(
            UnsafeMutableRawPointer(rp_box_new_with_role(orientation, 0, GTK_ACCESSIBLE_ROLE_GROUP)), transfer: .none)
    }

    /// Whether every child gets the same size along the axis (`false` unless set).
    public var isHomogeneous: Bool {
        get { gtk_box_get_homogeneous(rp_box(gobject)) != 0 }
        set { gtk_box_set_homogeneous(rp_box(gobject), newValue ? 1 : 0) }
    }

    /// Adds `child` at the end.
    public func append(_ child: Widget) {
        gtk_box_append(rp_box(gobject), child.widget)
        children.append(child)
    }

    /// Removes every child.
    public func removeAll() {
        for child in children { gtk_box_remove(rp_box(gobject), child.widget) }
        children.removeAll()
    }
}
