import CGtk

/// How a GObject pointer arrives from a C constructor.
public enum Transfer: Sendable {
    /// The caller gets no reference of its own (or a floating one): adopt with `g_object_ref_sink`.
    case none
    /// The caller already owns one full, non-floating reference: keep it as ours.
    case full
}

/// A Swift owner of exactly one reference to a GObject.
///
/// Ownership rule: adopting takes one reference (`g_object_ref_sink`, which also sinks a
/// floating widget), and `deinit` drops it with `g_object_unref` exactly once. Parent
/// wrappers hold their children strongly; nothing in the wrapper tree points upwards
/// strongly, so dropping the root wrapper releases the tree.
@MainActor
open class Object {
    /// The wrapped GObject. Valid for as long as this wrapper lives.
    public let gobject: UnsafeMutableRawPointer

    /// Adopts `pointer`, taking one reference as described by `transfer`.
    public init(_ pointer: UnsafeMutableRawPointer, transfer: Transfer) {
        gobject = pointer
        if transfer == .none || g_object_is_floating(pointer) != 0 {
            g_object_ref_sink(pointer)
        }
    }

    isolated deinit {
        g_object_unref(gobject)
    }

    /// The GObject type name, e.g. `GtkButton` (for diagnostics and tests).
    package var typeName: String {
        String(cString: g_type_name_from_instance(gobject.assumingMemoryBound(to: GTypeInstance.self)))
    }
}
