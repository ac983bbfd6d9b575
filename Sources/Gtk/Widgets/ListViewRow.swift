import CGtk
import CGtkList

/// One row of a ``ListView``: made when the list needs another row on screen, then shown for
/// whichever item scrolls into it.
@MainActor
public protocol ListViewRow: AnyObject {
    /// The row's content.
    var widget: Widget { get }
    /// Shows the item with `key`, which is at `position` now; returns what a screen reader says
    /// for the row (its accessible label).
    func show(key: String, position: Int) -> String
}
