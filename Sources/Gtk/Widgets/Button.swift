import CGtk

/// A `GtkButton`.
@MainActor
public final class Button: Widget {
    /// A button with a text label. With `mnemonic`, an underscore marks the Alt+key letter.
    public init(label: String, mnemonic: Bool = false) {
        let pointer = mnemonic ? gtk_button_new_with_mnemonic(label) : gtk_button_new_with_label(label)
        super.init(UnsafeMutableRawPointer(pointer!), transfer: .none)
    }

    /// An icon-only button. It gets `accessibleLabel` as its name and tooltip,
    /// because an icon alone says nothing to a screen reader.
    public init(iconName: String, accessibleLabel: String) {
        super.init(UnsafeMutableRawPointer(gtk_button_new_from_icon_name(iconName)), transfer: .none)
        setAccessibleLabel(accessibleLabel)
        tooltip = accessibleLabel
    }

    /// A button with nothing inside, drawn by its CSS (a sheet's drag handle). It gets
    /// `accessibleLabel` as its name and tooltip: nothing else says what it does.
    public init(accessibleLabel: String) {
        super.init(UnsafeMutableRawPointer(gtk_button_new()), transfer: .none)
        setAccessibleLabel(accessibleLabel)
        tooltip = accessibleLabel
    }

    private var button: UnsafeMutablePointer<GtkButton> { rp_button(gobject) }

    /// The button's text, if it has one.
    public var label: String? {
        gtk_button_get_label(button).map { String(cString: $0) }
    }

    /// Lets the button's text wrap onto several lines, centred, as `Label.wrapCentered()` does:
    /// a long text (large text sizes, a long translation, other fonts) makes the button taller,
    /// never its window wider. Where there is room, a text of up to about 40 characters stays
    /// one line (longer ones wrap at about 40). Does nothing to a button without a text label.
    public func wrapLabel() {
        guard let label = rp_button_text_label(gobject) else { return }
        Label.wrapCentered(label)
    }

    /// Runs `handler` when the button is activated (click, Enter, Space).
    /// Capture owners weakly in `handler`.
    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("clicked", handler)
    }

    /// Clicks the button now, as the mouse does (emits "clicked"). For this package's tests
    /// (`GtkTestDriver.click(_:)` outside it).
    package func click() { rp_signal_emit_void(gobject, "clicked") }
}
