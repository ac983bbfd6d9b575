import CGtk

/// A `GtkHeaderBar`. With no title widget it shows its window's title.
@MainActor
public final class HeaderBar: Widget {
    private var packed: [Widget] = []
    private var title: Widget?

    /// An empty header bar.
    public init() {
        super.init(UnsafeMutableRawPointer(gtk_header_bar_new()), transfer: .none)
    }

    private var bar: OpaquePointer { rp_header_bar(gobject) }

    /// Packs `child` at the start (left in left-to-right locales).
    public func packStart(_ child: Widget) {
        gtk_header_bar_pack_start(bar, child.widget)
        packed.append(child)
    }

    /// Packs `child` at the end, before the window buttons.
    public func packEnd(_ child: Widget) {
        gtk_header_bar_pack_end(bar, child.widget)
        packed.append(child)
    }

    /// The widget in the title's place; `nil` shows the window title.
    public var titleWidget: Widget? {
        get { title }
        set {
            title = newValue
            gtk_header_bar_set_title_widget(bar, newValue?.widget)
        }
    }

    /// Whether the window's title buttons (close, ...) are shown.
    public var showsTitleButtons: Bool {
        get { gtk_header_bar_get_show_title_buttons(bar) != 0 }
        set { gtk_header_bar_set_show_title_buttons(bar, newValue ? 1 : 0) }
    }
}
