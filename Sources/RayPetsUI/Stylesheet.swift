import Gtk

/// RayPets' CSS. The step colours are CSS classes (`step-red` ...) on the Next buttons;
/// white text on each background keeps a contrast ratio of at least 4.5:1.
@MainActor
public enum Stylesheet {
    /// The stylesheet text.
    public static let css = """
        .raypets-page { padding: 24px; }
        .raypets-headline { font-size: 1.5em; font-weight: 800; }
        .raypets-message { font-size: 1.1em; }
        .raypets-actions button { min-width: 240px; min-height: 36px; }
        .raypets-caption { font-size: 0.9em; font-weight: bold; opacity: 0.75; }
        .raypets-list { border: 1px solid @borders; border-radius: 8px; min-width: 300px; }
        .raypets-list row { padding: 8px 14px; }
        .raypets-list row:first-child { border-top-left-radius: 8px; border-top-right-radius: 8px; }
        .raypets-list row:last-child { border-bottom-left-radius: 8px; border-bottom-right-radius: 8px; }
        .raypets-row-title { font-weight: bold; }
        .raypets-row-subtitle { font-size: 0.9em; opacity: 0.75; }
        .raypets-table-label { font-weight: bold; }
        button.step-red, button.step-orange, button.step-green, button.step-blue {
            background-image: none; color: #ffffff; font-weight: bold;
        }
        button.step-red { background-color: #c01c28; }
        button.step-red:hover { background-color: #a51d2d; }
        button.step-orange { background-color: #b84a00; }
        button.step-orange:hover { background-color: #9c3e00; }
        button.step-green { background-color: #1d7a42; }
        button.step-green:hover { background-color: #176636; }
        button.step-blue { background-color: #1a5fb4; }
        button.step-blue:hover { background-color: #164f96; }
        """

    private static var provider: CSSProvider?

    /// Applies the stylesheet to the default display (once).
    public static func install() {
        guard provider == nil else { return }
        let provider = CSSProvider(css: css)
        if provider.install() { self.provider = provider }
    }
}
