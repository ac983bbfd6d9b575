import CGtk

/// A `GtkApplication`: the app's identity on the session bus and its main loop.
@MainActor
public final class Application: Object {
    /// An application with the reverse-DNS `id` (e.g. `io.github.raypets.RayPets`).
    public init(id: String) {
        super.init(UnsafeMutableRawPointer(gtk_application_new(id, G_APPLICATION_DEFAULT_FLAGS)), transfer: .full)
    }

    /// Runs `handler` on every "activate": the first launch, and each later launch that
    /// GApplication forwards to this instance. It must be safe to run twice.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("activate", handler)
    }

    /// Runs `handler` once, after the first "activate" and before the loop runs idle.
    @discardableResult
    public func onStartup(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("startup", handler)
    }

    /// Runs the GLib main loop until the app quits, with Swift concurrency bridged into it.
    /// Returns the exit status.
    public func run(arguments: [String] = CommandLine.arguments) -> Int32 {
        MainQueueBridge.install()
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        return cStrings.withUnsafeMutableBufferPointer { argv in
            g_application_run(rp_gapplication(gobject), Int32(argv.count), argv.baseAddress)
        }
    }

    /// Ends the main loop.
    public func quit() { g_application_quit(rp_gapplication(gobject)) }
}
