import CGtk

/// A `GtkTextView` for a few lines of plain text, wrapping at word boundaries.
@MainActor
public final class TextView: Widget {
    /// An empty text view.
    public init() {
        super.init(UnsafeMutableRawPointer(gtk_text_view_new()), transfer: .none)
        gtk_text_view_set_wrap_mode(rp_text_view(gobject), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(rp_text_view(gobject), 0)
    }

    private var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(rp_text_view(gobject))! }

    /// The whole text.
    public var text: String {
        get {
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            let chars = gtk_text_buffer_get_text(buffer, &start, &end, 0)!
            defer { g_free(chars) }
            return String(cString: chars)
        }
        set { rp_text_view_set_text(gobject, newValue) }
    }

    /// Adds `text` at the end, plain or, with `dimmed`, grey and italic: what is there but not
    /// in play (GtkNavigation's inspector shows the pages kept for Forward so). Past
    /// `maxLength` too, as `text = …` is.
    public func append(_ text: String, dimmed: Bool = false) {
        rp_text_view_append(gobject, text, dimmed ? 1 : 0)
    }

    /// Whether the character at `offset` (in characters, as the buffer counts them) is dimmed.
    package func isDimmed(at offset: Int) -> Bool { rp_text_view_is_dimmed(gobject, Int32(clamping: offset)) != 0 }

    /// Whether a person can change the text (`true` unless set). A text view that cannot be
    /// changed shows no cursor: in a ``ScrolledWindow`` of a fixed height, it is the way to
    /// show a long text (a wrapping label measures all of its text at every width it is
    /// offered).
    public var isEditable: Bool {
        get { gtk_text_view_get_editable(rp_text_view(gobject)) != 0 }
        set {
            gtk_text_view_set_editable(rp_text_view(gobject), newValue ? 1 : 0)
            gtk_text_view_set_cursor_visible(rp_text_view(gobject), newValue ? 1 : 0)
        }
    }

    /// The most characters the text takes (what a person sees as one letter, emoji or symbol:
    /// grapheme clusters, as Swift's `Character`); 0 (the default) for no limit. Typing stops
    /// at the limit and a longer paste is cut to the room left, at a character's end, so a
    /// page of pasted text never reaches the app; a text set longer (`text = …`) stays whole,
    /// and takes nothing more until it is shorter than the limit. With a limit, a paste (Ctrl+V,
    /// the context menu's Paste, a middle click's PRIMARY selection) reads no more of the
    /// clipboard than the limit could take, so 20 MB on the clipboard costs no wait and no memory.
    public var maxLength: Int {
        get { Int(rp_text_view_get_max_length(gobject)) }
        set { rp_text_view_set_max_length(gobject, Int32(clamping: max(newValue, 0))) }
    }

    /// The buffer's signals, kept as long as the text view: a connection refers to them
    /// weakly, and disconnects through them.
    private lazy var bufferSignals = BufferSignals(buffer)

    /// Runs `handler` after every change of the text.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        bufferSignals.connect(handler)
    }
}

/// The text buffer as a signal source (it is not a widget).
@MainActor
private final class BufferSignals: Object {
    init(_ buffer: UnsafeMutablePointer<GtkTextBuffer>) {
        super.init(UnsafeMutableRawPointer(buffer), transfer: .none)
    }

    func connect(_ handler: @escaping @MainActor () -> Void) -> SignalConnection { connect("changed", handler) }
}
