import CGtk

// MARK: - Trampolines: one per C signal signature. They capture nothing
// (ARCHITECTURE.md, GTK ownership rule 3).

/// `void (*)(GObject *self, gpointer data)`: "clicked", "activate", "destroy", ...
typealias VoidHandler = @MainActor () -> Void
private func voidTrampoline(_ instance: UnsafeMutableRawPointer?, _ data: UnsafeMutableRawPointer?) {
    let box = UInt(bitPattern: data)  // an integer crosses into the isolated closure as Sendable
    MainActor.assumeIsolated {
        Unmanaged<SignalBox<VoidHandler>>.fromOpaque(UnsafeRawPointer(bitPattern: box)!).takeUnretainedValue().body()
    }
}

/// `gboolean (*)(GObject *self, gpointer data)`: "close-request", ...
typealias BoolHandler = @MainActor () -> Bool
private func boolTrampoline(_ instance: UnsafeMutableRawPointer?, _ data: UnsafeMutableRawPointer?) -> gboolean {
    let box = UInt(bitPattern: data)
    return MainActor.assumeIsolated {
        Unmanaged<SignalBox<BoolHandler>>.fromOpaque(UnsafeRawPointer(bitPattern: box)!).takeUnretainedValue().body()
            ? 1 : 0
    }
}

/// `void (*)(GObject *self, GParamSpec *pspec, gpointer data)`: "notify::property".
private func notifyTrampoline(
    _ instance: UnsafeMutableRawPointer?, _ pspec: UnsafeMutableRawPointer?, _ data: UnsafeMutableRawPointer?
) {
    let box = UInt(bitPattern: data)  // an integer crosses into the isolated closure as Sendable
    MainActor.assumeIsolated {
        Unmanaged<SignalBox<VoidHandler>>.fromOpaque(UnsafeRawPointer(bitPattern: box)!).takeUnretainedValue().body()
    }
}

/// `void (*)(GObject *self, gpointer arg, gpointer data)`: "row-activated", ...
typealias PointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Void
private func pointerTrampoline(
    _ instance: UnsafeMutableRawPointer?, _ argument: UnsafeMutableRawPointer?, _ data: UnsafeMutableRawPointer?
) {
    let box = UInt(bitPattern: data)
    let bits = UInt(bitPattern: argument)
    MainActor.assumeIsolated {
        Unmanaged<SignalBox<PointerHandler>>.fromOpaque(UnsafeRawPointer(bitPattern: box)!).takeUnretainedValue()
            .body(UnsafeMutableRawPointer(bitPattern: bits))
    }
}

/// `void (*)(GtkGestureClick *self, gint n_press, gdouble x, gdouble y, gpointer data)`: "pressed".
private func pressedTrampoline(
    _ instance: UnsafeMutableRawPointer?, _ presses: Int32, _ x: Double, _ y: Double, _ data: UnsafeMutableRawPointer?
) {
    let box = UInt(bitPattern: data)
    MainActor.assumeIsolated {
        Unmanaged<SignalBox<VoidHandler>>.fromOpaque(UnsafeRawPointer(bitPattern: box)!).takeUnretainedValue().body()
    }
}

/// "pressed" with the point passed on.
private func pressedAtTrampoline(
    _ instance: UnsafeMutableRawPointer?, _ presses: Int32, _ x: Double, _ y: Double, _ data: UnsafeMutableRawPointer?
) {
    let box = UInt(bitPattern: data)
    MainActor.assumeIsolated {
        Unmanaged<SignalBox<@MainActor (Double, Double) -> Void>>.fromOpaque(UnsafeRawPointer(bitPattern: box)!)
            .takeUnretainedValue().body(x, y)
    }
}

/// `void (*)(GtkDrawingArea *self, gint width, gint height, gpointer data)`: "resize".
typealias IntHandler = @MainActor (Int) -> Void
private func resizeTrampoline(
    _ instance: UnsafeMutableRawPointer?, _ width: Int32, _ height: Int32, _ data: UnsafeMutableRawPointer?
) {
    let box = UInt(bitPattern: data)
    MainActor.assumeIsolated {
        Unmanaged<SignalBox<IntHandler>>.fromOpaque(UnsafeRawPointer(bitPattern: box)!).takeUnretainedValue()
            .body(Int(width))
    }
}

/// `void (*)(GObject *self, guint position, gpointer data)`: GtkListView's "activate".
private func positionTrampoline(
    _ instance: UnsafeMutableRawPointer?, _ position: guint, _ data: UnsafeMutableRawPointer?
) {
    let box = UInt(bitPattern: data)
    MainActor.assumeIsolated {
        Unmanaged<SignalBox<IntHandler>>.fromOpaque(UnsafeRawPointer(bitPattern: box)!).takeUnretainedValue()
            .body(Int(position))
    }
}

/// `void (*)(GApplication *self, GFile **files, gint n_files, gchar *hint, gpointer data)`: "open".
typealias OpenHandler = @MainActor ([String]) -> Void
private func openTrampoline(
    _ instance: UnsafeMutableRawPointer?, _ files: UnsafeMutableRawPointer?, _ count: Int32,
    _ hint: UnsafeMutableRawPointer?, _ data: UnsafeMutableRawPointer?
) {
    let box = UInt(bitPattern: data)
    let list = UInt(bitPattern: files)
    MainActor.assumeIsolated {
        let files = UnsafeMutableRawPointer(bitPattern: list)
        let uris: [String] = (0..<count).compactMap { index in
            guard let uri = rp_file_uri(files, index) else { return nil }
            defer { g_free(uri) }
            return String(cString: uri)
        }
        Unmanaged<SignalBox<OpenHandler>>.fromOpaque(UnsafeRawPointer(bitPattern: box)!).takeUnretainedValue().body(
            uris)
    }
}

/// `gint (*)(GApplication *self, GVariantDict *options, gpointer data)`: "handle-local-options".
typealias OptionsHandler = @MainActor (UnsafeMutablePointer<GVariantDict>?) -> Int32
private func optionsTrampoline(
    _ instance: UnsafeMutableRawPointer?, _ options: UnsafeMutablePointer<GVariantDict>?,
    _ data: UnsafeMutableRawPointer?
) -> Int32 {
    let box = UInt(bitPattern: data)
    let dict = UInt(bitPattern: options)
    return MainActor.assumeIsolated {
        Unmanaged<SignalBox<OptionsHandler>>.fromOpaque(UnsafeRawPointer(bitPattern: box)!).takeUnretainedValue()
            .body(UnsafeMutablePointer(bitPattern: dict))
    }
}

/// `void (*)(GObject *self, gdouble x, gdouble y, gpointer data)`: a drag's "drag-update",
/// a scroll controller's "decelerate", a motion controller's "enter", ...
typealias PointHandler = @MainActor (Double, Double) -> Void
private func pointTrampoline(
    _ instance: UnsafeMutableRawPointer?, _ x: Double, _ y: Double, _ data: UnsafeMutableRawPointer?
) {
    let box = UInt(bitPattern: data)
    MainActor.assumeIsolated {
        Unmanaged<SignalBox<PointHandler>>.fromOpaque(UnsafeRawPointer(bitPattern: box)!).takeUnretainedValue()
            .body(x, y)
    }
}

/// `gboolean (*)(GtkEventControllerScroll *self, gdouble dx, gdouble dy, gpointer data)`: "scroll".
typealias PointBoolHandler = @MainActor (Double, Double) -> Bool
private func pointBoolTrampoline(
    _ instance: UnsafeMutableRawPointer?, _ x: Double, _ y: Double, _ data: UnsafeMutableRawPointer?
) -> gboolean {
    let box = UInt(bitPattern: data)
    return MainActor.assumeIsolated {
        Unmanaged<SignalBox<PointBoolHandler>>.fromOpaque(UnsafeRawPointer(bitPattern: box)!).takeUnretainedValue()
            .body(x, y) ? 1 : 0
    }
}

/// `gboolean (*)(GtkEventControllerKey *self, guint keyval, guint keycode, GdkModifierType
/// state, gpointer data)`: "key-pressed"; the handler gets the key value.
typealias KeyHandler = @MainActor (UInt32) -> Bool
private func keyTrampoline(
    _ instance: UnsafeMutableRawPointer?, _ keyval: guint, _ keycode: guint, _ state: GdkModifierType,
    _ data: UnsafeMutableRawPointer?
) -> gboolean {
    let box = UInt(bitPattern: data)
    return MainActor.assumeIsolated {
        Unmanaged<SignalBox<KeyHandler>>.fromOpaque(UnsafeRawPointer(bitPattern: box)!).takeUnretainedValue()
            .body(keyval) ? 1 : 0
    }
}

/// The destroy notify: the GObject gives up the box it was handed.
private func releaseBox(_ data: UnsafeMutableRawPointer?, _ closure: UnsafeMutablePointer<GClosure>?) {
    Unmanaged<AnyObject>.fromOpaque(data!).release()
}

extension Object {
    /// The one place that connects a signal (ownership rule 2).
    private func connect<Body>(
        _ signal: String, _ body: Body, trampoline: GCallback
    ) -> SignalConnection {
        let box = Unmanaged.passRetained(SignalBox(body) as AnyObject).toOpaque()
        let id = g_signal_connect_data(gobject, signal, trampoline, box, releaseBox, RP_CONNECT_DEFAULT)
        return SignalConnection(object: self, handlerID: UInt(id))
    }

    /// Connects a handler to a signal whose C signature is `void (*)(instance, user_data)`.
    @discardableResult
    public func connect(_ signal: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let c: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = voidTrampoline
        return connect(signal, handler as VoidHandler, trampoline: unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects a handler to a signal whose C signature is `gboolean (*)(instance, user_data)`.
    @discardableResult
    public func connectReturningBool(
        _ signal: String, _ handler: @escaping @MainActor () -> Bool
    ) -> SignalConnection {
        let c: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = boolTrampoline
        return connect(signal, handler as BoolHandler, trampoline: unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects a handler to a signal whose C signature is
    /// `void (*)(instance, gpointer argument, user_data)`; the handler gets the argument.
    @discardableResult
    public func connectWithPointer(
        _ signal: String, _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void
    ) -> SignalConnection {
        let c: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void =
            pointerTrampoline
        return connect(signal, handler as PointerHandler, trampoline: unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects a handler to GtkGestureClick's "pressed" (n_press, x, y are not passed on).
    @discardableResult
    func connectPressed(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let c: @convention(c) (UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void =
            pressedTrampoline
        return connect("pressed", handler as VoidHandler, trampoline: unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects a handler to GtkGestureClick's "pressed"; it gets the point (x, y).
    @discardableResult
    func connectPressedAt(_ handler: @escaping @MainActor (Double, Double) -> Void) -> SignalConnection {
        let c: @convention(c) (UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void =
            pressedAtTrampoline
        return connect("pressed", handler, trampoline: unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects a handler to GtkDrawingArea's "resize"; it gets the new width.
    @discardableResult
    func connectResize(_ handler: @escaping @MainActor (Int) -> Void) -> SignalConnection {
        let c: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Void =
            resizeTrampoline
        return connect("resize", handler as IntHandler, trampoline: unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects a handler to a signal whose C signature is `void (*)(instance, guint, user_data)`;
    /// the handler gets the number (GtkListView's "activate": the position).
    @discardableResult
    func connectWithPosition(_ signal: String, _ handler: @escaping @MainActor (Int) -> Void) -> SignalConnection {
        let c: @convention(c) (UnsafeMutableRawPointer?, guint, UnsafeMutableRawPointer?) -> Void = positionTrampoline
        return connect(signal, handler as IntHandler, trampoline: unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects a handler to GApplication's "handle-local-options"; it gets the options dict.
    func connectLocalOptions(_ handler: @escaping @MainActor (UnsafeMutablePointer<GVariantDict>?) -> Int32)
        -> SignalConnection
    {
        let c:
            @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GVariantDict>?, UnsafeMutableRawPointer?) ->
                Int32 =
                optionsTrampoline
        return connect(
            "handle-local-options", handler as OptionsHandler, trampoline: unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects a handler to GApplication's "open", with the files' URIs.
    @discardableResult
    func connectOpen(_ handler: @escaping @MainActor ([String]) -> Void) -> SignalConnection {
        let c:
            @convention(c) (
                UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?,
                UnsafeMutableRawPointer?
            ) -> Void = openTrampoline
        return connect("open", handler as OpenHandler, trampoline: unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects a handler to a signal whose C signature is `void (*)(instance, gdouble,
    /// gdouble, user_data)`; the handler gets the two numbers.
    @discardableResult
    func connectWithPoint(_ signal: String, _ handler: @escaping @MainActor (Double, Double) -> Void)
        -> SignalConnection
    {
        let c: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void =
            pointTrampoline
        return connect(signal, handler as PointHandler, trampoline: unsafeBitCast(c, to: GCallback.self))
    }

    /// As `connectWithPoint`, for a signal that returns whether it handled the event.
    @discardableResult
    func connectWithPointReturningBool(
        _ signal: String, _ handler: @escaping @MainActor (Double, Double) -> Bool
    ) -> SignalConnection {
        let c: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> gboolean =
            pointBoolTrampoline
        return connect(signal, handler as PointBoolHandler, trampoline: unsafeBitCast(c, to: GCallback.self))
    }

    /// Connects a handler to GtkEventControllerKey's "key-pressed"; it gets the key value.
    @discardableResult
    func connectKeyPressed(_ handler: @escaping @MainActor (UInt32) -> Bool) -> SignalConnection {
        let c:
            @convention(c) (UnsafeMutableRawPointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?) ->
                gboolean = keyTrampoline
        return connect("key-pressed", handler as KeyHandler, trampoline: unsafeBitCast(c, to: GCallback.self))
    }

    /// Emits `signal` (no arguments, no result): for tests, where the display cannot make
    /// the event (a touchpad, a touchscreen, a pointer on a virtual display).
    package func emit(_ signal: String) { rp_signal_emit_void(gobject, signal) }

    /// Emits `signal` with two numbers (a drag's offset, a scroll's deltas, a pointer's place);
    /// returns what the handlers returned for a signal that returns whether it was handled.
    @discardableResult
    package func emit(_ signal: String, _ x: Double, _ y: Double, returnsBool: Bool = false) -> Bool {
        if returnsBool { return rp_emit_point_bool(gobject, signal, x, y) != 0 }
        rp_emit_point(gobject, signal, x, y)
        return false
    }

    /// Emits a key controller's "key-pressed" for `key` (no modifiers); returns whether a
    /// handler handled it. For tests.
    @discardableResult
    package func emitKeyPressed(_ key: UInt32) -> Bool { rp_emit_key_pressed(gobject, key) != 0 }

    /// Runs `handler` whenever the GObject property `property` changes ("notify::property").
    @discardableResult
    public func onNotify(_ property: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let c: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void =
            notifyTrampoline
        return connect("notify::\(property)", handler as VoidHandler, trampoline: unsafeBitCast(c, to: GCallback.self))
    }
}
