import Gtk
import Navigation

/// What makes a `GtkStackHost` adaptive: its `SplitLayout` (which pages are sidebars, from
/// which width), the widget the content side shows while nothing is selected, and the words
/// of each side's Back button.
@MainActor
public struct GtkSplitOptions<Route: NavigationRoute> {
    /// Which pages are sidebars, and the narrowest window width that shows one beside its
    /// content.
    public var layout: SplitLayout<Route>
    /// Shown on the content side while nothing is selected (e.g. "Choose a pet").
    public var placeholder: Widget
    /// The Back buttons' accessible names: `back` for the content's, `backTo` for the
    /// sidebar's.
    public var labels: NavigationLabels
    /// The sidebar's width in pixels when split (the content takes the rest): at least this,
    /// more if the sidebar's page needs it. `nil` (unless set): as wide as the sidebar's page
    /// needs, as GTK sizes any widget.
    public var sidebarWidth: Int?

    /// Options for `layout`; an empty content side unless a `placeholder` is given; a sidebar
    /// at least `sidebarWidth` pixels wide, if given.
    public init(
        layout: SplitLayout<Route>, placeholder: Widget = Box(.vertical), labels: NavigationLabels = .init(),
        sidebarWidth: Int? = nil
    ) {
        self.layout = layout
        self.placeholder = placeholder
        self.labels = labels
        self.sidebarWidth = sidebarWidth
    }
}
