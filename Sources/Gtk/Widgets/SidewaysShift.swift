import CGtk

/// A widget moved sideways without a new layout (CSS `transform: translateX`, on this widget
/// only): what a swipe draws while the fingers move the page.
@MainActor
public final class SidewaysShift {
    private weak var target: Widget?
    private let provider = CSSProvider(css: "")
    /// The CSS class that keeps the stylesheet to this widget (`rp_widget_add_own_style`).
    private let ownClass: String
    private static var made = 0

    /// A shift of `widget`, at 0 until set.
    public init(_ widget: Widget) {
        target = widget
        Self.made += 1
        ownClass = "raypets-sideways-shift-\(Self.made)"
        rp_widget_add_own_style(
            widget.widget, rp_style_provider(provider.gobject), ownClass,
            UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1))
    }

    isolated deinit {
        guard let target else { return }
        rp_widget_remove_own_style(target.widget, rp_style_provider(provider.gobject), ownClass)
    }

    /// How far the widget is moved, in pixels (negative: to the left).
    public var x: Double = 0 {
        didSet {
            let css = x == 0 ? "" : ".\(ownClass) { transform: translateX(\(Int(x.rounded()))px); }"
            rp_css_provider_load_string(rp_css_provider(provider.gobject), css)
        }
    }
}
