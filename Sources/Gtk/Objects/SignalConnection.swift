import CGtk

/// A Swift closure owned by a GObject signal handler.
///
/// The box is passed to `g_signal_connect_data` with `Unmanaged.passRetained`, so the GObject
/// owns it; the destroy notify releases it when the handler is disconnected or the object is
/// finalized. Nothing else keeps it alive, so a handler can never outlive its box
/// (no use-after-free) and never keeps its own widget alive (no cycle), provided handlers
/// capture their owners weakly.
final class SignalBox<Body> {
    let body: Body
    init(_ body: Body) { self.body = body }
}

/// One connected signal handler. `disconnect()` removes it (and releases its closure).
@MainActor
public final class SignalConnection {
    private weak var object: Object?
    private var handlerID: UInt

    init(object: Object, handlerID: UInt) {
        self.object = object
        self.handlerID = handlerID
    }

    /// Whether the handler is still connected.
    package var isConnected: Bool {
        guard let object, handlerID != 0 else { return false }
        return g_signal_handler_is_connected(object.gobject, gulong(handlerID)) != 0
    }

    /// Disconnects the handler. Safe to call twice, or after the object is gone.
    public func disconnect() {
        if isConnected, let object {
            g_signal_handler_disconnect(object.gobject, gulong(handlerID))
        }
        handlerID = 0
    }
}
