/// Something a host checks for a page that Swift cannot hold weakly — a GTK widget, freed by
/// its own reference count: what to call it while it is alive.
@MainActor
public protocol LeakProbe: AnyObject {
    /// What to call the watched thing in a leak report while it is alive (`PetView's widget
    /// GtkBox`); `nil` once it is gone, or when it does not count as a leak (still in a window).
    var aliveName: String? { get }
}
