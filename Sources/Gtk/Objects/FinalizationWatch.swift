import CGtk

/// Watches one GObject until it is finalized, through a GObject weak reference (it holds no
/// reference of its own): the GTK hosts' leak check asks it whether a page's widget outlived
/// the page.
@MainActor
public final class FinalizationWatch {
    /// Shared with the weak-ref callback, which may run after the watch is gone.
    private final class Flag {
        var finalized = false
    }
    private let flag = Flag()
    private let gobject: UnsafeMutableRawPointer
    /// The GObject type name, e.g. `GtkBox`.
    public let typeName: String

    /// Watches `object` from now on.
    public init(_ object: Object) {
        gobject = object.gobject
        typeName = object.typeName
        let data = Unmanaged.passRetained(flag).toOpaque()
        g_object_weak_ref(
            rp_object(object.gobject),
            { data, _ in
                let flag = Unmanaged<AnyObject>.fromOpaque(data!).takeRetainedValue()
                MainActor.assumeIsolated { (flag as! FinalizationWatch.Flag).finalized = true }
            }, data)
    }

    /// Whether the object has been finalized (disposed for the last time).
    public var isFinalized: Bool { flag.finalized }

    /// Whether the object is alive and, being a widget, in no parent: it is no longer part of
    /// any window, yet something still holds it.
    public var isAliveOutsideAnyWindow: Bool {
        guard !flag.finalized else { return false }
        guard rp_is_widget(gobject) != 0 else { return true }
        return gtk_widget_get_parent(rp_widget(gobject)) == nil
    }
}
