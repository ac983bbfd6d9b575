import CGtk

/// A `GtkLabel`.
@MainActor
public final class Label: Widget {
    /// A label showing `text`.
    public init(_ text: String = "") {
        super.init(UnsafeMutableRawPointer(gtk_label_new(text)), transfer: .none)
    }

    /// What a message label is to screen readers.
    public enum MessageRole: Sendable {
        /// Something wrong the user must know now (a field's error): the role *alert*.
        case alert
        /// News that can wait for a pause (a notice): the role *status*.
        case status
    }

    /// An empty label for messages, with the accessible role `role` (which GTK lets be set
    /// only when the label is made): screen readers treat its text as an alert or a status,
    /// not as one more label. Call `announce(_:urgent:)` with the text when it appears.
    public init(message role: MessageRole) {
        let accessibleRole = role == .alert ? GTK_ACCESSIBLE_ROLE_ALERT : GTK_ACCESSIBLE_ROLE_STATUS
        super.init(UnsafeMutableRawPointer(rp_label_new_with_role(accessibleRole)), transfer: .none)
    }

    private var label: OpaquePointer { rp_label(gobject) }

    /// The text shown.
    public var text: String {
        get { String(cString: gtk_label_get_text(label)) }
        set { gtk_label_set_text(label, newValue) }
    }

    /// Aligns the text to the start (left in left-to-right locales).
    public func alignStart() {
        gtk_label_set_xalign(label, 0)
    }

    /// Wraps long text onto several lines, aligned to the start: between words, and inside a
    /// word longer than the line, so no text makes the label (and its window) wider than
    /// about 40 characters.
    public func wrapStart() {
        gtk_label_set_wrap(label, 1)
        gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(label, 0)
        gtk_label_set_max_width_chars(label, 40)
    }

    /// Keeps the text on one line, ending in "…" when it does not fit (so it never widens its
    /// window); while it is cut, its tooltip is the whole text. (Assistive technologies read
    /// the whole text anyway.)
    public func ellipsizeEnd() {
        gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END)
        rp_label_tooltip_when_cut(gobject)
    }

    /// The whole text if the label is drawn cut ("…"), else `nil`: what its tooltip shows.
    package var cutText: String? { rp_label_cut_text(gobject).map { String(cString: $0) } }

    /// Wraps long text onto several lines, centred: between words, and inside a word longer
    /// than the line, so no text makes the label (and its window) wider than about 40
    /// characters. Its smallest width is about 10 characters (`minimumWrapCharacters`):
    /// GTK measures a wrapping label's smallest width by laying its text out at that width,
    /// and at no width at all, breaking inside words, that is one line per character — which
    /// cost more than the rest of the page's layout and drawing together.
    public func wrapCentered() { Self.wrapCentered(label) }

    /// `wrapCentered()` for any `GtkLabel`: also a button's own label (`Button.wrapLabel()`).
    static func wrapCentered(_ label: OpaquePointer) {
        gtk_label_set_wrap(label, 1)
        gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_justify(label, GTK_JUSTIFY_CENTER)
        gtk_label_set_width_chars(label, Int32(Self.minimumWrapCharacters))
        gtk_label_set_max_width_chars(label, 40)
    }

    /// The smallest width of a `wrapCentered()` label, in average characters.
    package static let minimumWrapCharacters = 10
}
