import CGtk

/// A `GtkDropDown` over a fixed list of strings: a button that opens the list, keyboard
/// included (Enter or Space opens it, arrows move, Enter chooses).
@MainActor
public final class DropDown: Widget {
    /// The choices, in order.
    public let items: [String]

    /// A drop-down offering `items`, the first one selected.
    public init(items: [String]) {
        self.items = items
        let pointer = Self.withCStrings(items) { rp_drop_down_new($0) }
        super.init(UnsafeMutableRawPointer(pointer!), transfer: .none)
        rp_drop_down_track_expanded(widget)
    }

    /// Names the drop-down for screen readers, and its button too: in GTK 4.8 the focus goes
    /// to the drop-down's own button, which would otherwise have no name.
    public override func setAccessibleLabel(_ label: String) {
        super.setAccessibleLabel(label)
        if let button = rp_inner_toggle_button(widget), rp_accessible_has_labelled_by(button) == 0 {
            rp_accessible_set_label(button, label)
        }
    }

    /// The index of the chosen item.
    public var selectedIndex: Int {
        get { Int(gtk_drop_down_get_selected(rp_drop_down(gobject))) }
        set { gtk_drop_down_set_selected(rp_drop_down(gobject), UInt32(newValue)) }
    }

    /// Runs `handler` after the choice changed.
    @discardableResult
    public func onSelected(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("selected", handler)
    }

    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
