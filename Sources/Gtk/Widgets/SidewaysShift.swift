import CGtk

/// A widget moved sideways (or up and down) without a new layout (CSS `transform: translate`,
/// on this widget only): what a swipe draws while the fingers move the page or the sheet.
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
        didSet { restyle() }
    }

    /// How far the widget is moved down, in pixels (negative: up).
    public var y: Double = 0 {
        didSet { restyle() }
    }

    /// Whether a move back to 0 is animated (a spring back), rather than drawn at once.
    public var animatesReturn = false {
        didSet { restyle() }
    }

    private func restyle() {
        var rules = x == 0 && y == 0 ? "" : "transform: translate(\(Int(x.rounded()))px, \(Int(y.rounded()))px);"
        if animatesReturn, x == 0, y == 0 { rules += " transition: transform 200ms ease-out;" }
        let css = rules.isEmpty ? "" : ".\(ownClass) { \(rules) }"
        rp_css_provider_load_string(rp_css_provider(provider.gobject), css)
    }
}
