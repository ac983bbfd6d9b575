import CGtk

/// A widget that draws nothing, takes no room in height, and reports the width it is given:
/// put it in a vertical box to learn the box's width after every resize, whether the window
/// was dragged, maximized or made fullscreen (a window's default size does not follow the
/// last two). A `GtkDrawingArea` whose "resize" signal is the report; assistive technologies
/// skip it.
@MainActor
public final class WidthWatcher: Widget {
    /// The last width reported, or `nil` before the first allocation.
    public private(set) var width: Int?
    private var handler: (@MainActor (Int) -> Void)?

    /// A watcher that reports nothing until `onWidthChanged(_:)` gives it a handler.
    public init() {
        super.init(UnsafeMutableRawPointer(rp_size_watcher_new()), transfer: .none)
        gtk_widget_set_hexpand(widget, 1)
        connectResize { [weak self] width in
            guard let self, self.width != width else { return }
            self.width = width
            self.handler?(width)
        }
    }

    /// Calls `handler` with the new width each time it changes. It runs during GTK's layout:
    /// a handler that changes the widget tree should do it later (`MainLoop.whenIdle`).
    public func onWidthChanged(_ handler: @escaping @MainActor (Int) -> Void) {
        self.handler = handler
    }
}
