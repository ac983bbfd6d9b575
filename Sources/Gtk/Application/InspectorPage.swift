import CGtk
import CGtkInspector

/// A page of your own in GTK Inspector (Ctrl+Shift+I, or `GTK_DEBUG=interactive`), beside
/// GTK's pages, as libadwaita adds one (GTK's `gtk-inspector-page` extension point, which GTK
/// 4.8 has).
///
/// GTK makes the page each time the inspector opens, and `build` makes what it shows then: until
/// the inspector opens, a registered page costs nothing but its registration. What `build`
/// returns, the widget and its owner (what updates it: an observation, a timer), lives as long
/// as that page.
@MainActor
public enum InspectorPage {
    private static var build: (@MainActor () -> (widget: Widget, owner: AnyObject?))?

    /// What a page holds: its content's widget and owner.
    private final class Held {
        let widget: Widget
        let owner: AnyObject?
        init(_ widget: Widget, _ owner: AnyObject?) {
            self.widget = widget
            self.owner = owner
        }
    }

    /// Adds the page `title` (named `name`, which must be unique among the inspector's pages),
    /// whose content `build` makes each time the inspector opens: the widget shown, and what
    /// keeps it up to date (`nil`: nothing), which the page holds while it lives. Call it before
    /// the application runs: `GTK_DEBUG=interactive` opens the inspector as GTK starts, and its
    /// pages are made then (`build` runs then, before your app has made anything: a page that
    /// shows the app's state reads it again when it is shown). Returns `false`, adding nothing,
    /// if a page was added already.
    @discardableResult
    public static func register(
        name: String, title: String, build: @escaping @MainActor () -> (widget: Widget, owner: AnyObject?)
    ) -> Bool {
        guard self.build == nil else { return false }
        self.build = build
        let added = rp_inspector_page_register(name, title) { page in
            MainActor.assumeIsolated { InspectorPage.fill(page) }
        }
        if added == 0 { self.build = nil }
        return added != 0
    }

    /// Opens GTK Inspector (as Ctrl+Shift+I does where its shortcut is on): for an app's own
    /// *Inspector* menu item in a debug build, and for tests.
    public static func openInspector() {
        gtk_window_set_interactive_debugging(1)
    }

    /// Hides GTK Inspector again (its window stays for the next `openInspector()`).
    public static func closeInspector() {
        gtk_window_set_interactive_debugging(0)
    }

    /// Puts `build`'s content into a page the inspector made, and keeps it as long as the page.
    private static func fill(_ page: UnsafeMutablePointer<GtkWidget>?) {
        guard let page, let build else { return }
        let content = build()
        content.widget.setExpand(horizontal: true, vertical: true)
        gtk_box_append(rp_box(UnsafeMutableRawPointer(page)), content.widget.widget)
        g_object_set_data_full(
            rp_object(UnsafeMutableRawPointer(page)), "rp-inspector-content",
            Unmanaged.passRetained(Held(content.widget, content.owner)).toOpaque()
        ) { held in
            if let held { Unmanaged<Held>.fromOpaque(held).release() }
        }
    }
}
