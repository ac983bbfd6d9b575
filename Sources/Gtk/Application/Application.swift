import CGtk
import Glibc

/// A `GtkApplication`: the app's identity on the session bus and its main loop.
@MainActor
public final class Application: Object {
    /// An application with the reverse-DNS `id` (e.g. `io.github.raypets.RayPets`). With
    /// `opensURIs`, URIs on the command line (and from the desktop) arrive through `onOpen`,
    /// in the running instance if there is one.
    public init(id: String, opensURIs: Bool = false) {
        let flags = opensURIs ? RP_APPLICATION_HANDLES_OPEN : RP_APPLICATION_DEFAULT_FLAGS
        super.init(UnsafeMutableRawPointer(gtk_application_new(id, flags)), transfer: .full)
    }

    /// Runs `handler` with the URIs given on a command line (this launch's or, forwarded over
    /// D-Bus, a later launch's). GApplication does not emit "activate" for them.
    @discardableResult
    public func onOpen(_ handler: @escaping @MainActor ([String]) -> Void) -> SignalConnection {
        connectOpen(handler)
    }

    /// Runs `handler` on every "activate": the first launch, and each later launch that
    /// GApplication forwards to this instance. It must be safe to run twice.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("activate", handler)
    }

    /// Runs `handler` once, when the application is about to quit (its windows still exist).
    @discardableResult
    public func onShutdown(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("shutdown", handler)
    }

    /// Runs `handler` once, after the first "activate" and before the loop runs idle.
    @discardableResult
    public func onStartup(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("startup", handler)
    }

    private var actions: [String: Action] = [:]
    private var optionNames: [String] = []
    private var valueOptionNames: [String] = []

    /// The values of the options with a value given on this launch's command line (see
    /// `addOption(_:description:argument:)`), by name, as typed; set before `onLocalOptions`'
    /// handler runs.
    public private(set) var optionValues: [String: String] = [:]

    /// Adds a command-line option without a value (`--name`), which `--help` lists with
    /// `description`. The options given arrive in `onLocalOptions`.
    public func addOption(_ name: String, description: String) {
        optionNames.append(name)
        g_application_add_main_option(
            rp_gapplication(gobject), name, 0, RP_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, description, nil)
    }

    /// What `--help` shows after the program's name (`parameters`, e.g. `"[LINK…]"`), and a
    /// line about what the program does (`summary`).
    public func setCommandLineHelp(parameters: String, summary: String) {
        g_application_set_option_context_parameter_string(rp_gapplication(gobject), parameters)
        g_application_set_option_context_summary(rp_gapplication(gobject), summary)
    }

    /// Adds a command-line option with a value (`--name=VALUE` or `--name VALUE`), which
    /// `--help` lists as `--name=argument` with `description`. Its value arrives, as typed, in
    /// `optionValues`, and its name among the options given to `onLocalOptions` (the handler
    /// checks the value and says what is wrong with it).
    public func addOption(_ name: String, description: String, argument: String) {
        valueOptionNames.append(name)
        g_application_add_main_option(
            rp_gapplication(gobject), name, 0, RP_OPTION_FLAG_NONE, G_OPTION_ARG_STRING, description, argument)
    }

    /// Runs `handler` in the launching process, after GLib has parsed the command line and
    /// before anything is sent to a running instance, with the names of the options given
    /// (see `addOption`). Return an exit status to end the launch there (`--version`), or
    /// `nil` to go on.
    @discardableResult
    public func onLocalOptions(_ handler: @escaping @MainActor (Set<String>) -> Int32?) -> SignalConnection {
        connectLocalOptions { [weak self] dict in
            guard let self else { return -1 }
            var values: [String: String] = [:]
            for name in self.valueOptionNames {
                guard let value = g_variant_dict_lookup_value(dict, name, rp_variant_type_string()) else { continue }
                values[name] = String(cString: g_variant_get_string(value, nil))
                g_variant_unref(value)
            }
            self.optionValues = values
            let names = self.optionNames + self.valueOptionNames
            let given = Set(names.filter { g_variant_dict_contains(dict, $0) != 0 })
            return handler(given) ?? -1
        }
    }

    private func register(_ action: Action) -> Action {
        action.add(to: gobject)
        actions[action.name] = action
        return action
    }

    /// Adds `action`, an `app.` action (`ActionName.app(_:accelerator:)`), and its accelerator.
    @discardableResult
    public func addAction(_ action: ActionName, _ handler: @escaping @MainActor () -> Void) -> Action {
        precondition(action.group == "app", "\(action) is not an app. action")
        setAccelerator(of: action)
        return register(Action(name: action.name, handler))
    }

    /// Adds `action`, an `app.` action that takes a string (RayPets' `app.open-route`, which
    /// a link activates over D-Bus), and its accelerator.
    @discardableResult
    public func addAction(_ action: ActionName, taking handler: @escaping @MainActor (String) -> Void) -> Action {
        precondition(action.group == "app", "\(action) is not an app. action")
        setAccelerator(of: action)
        return register(Action(name: action.name, stringHandler: handler))
    }

    /// Makes `action`'s accelerator activate it, in every window of the application: for a
    /// `win.` action, whose windows may not exist yet (`addAction(_:_:)` does this for an
    /// `app.` action). Does nothing for an action without an accelerator.
    public func setAccelerator(of action: ActionName) {
        guard let accelerator = action.accelerator else { return }
        rp_application_set_accel(gobject, action.detailedName, accelerator)
    }

    /// The first accelerator registered for `action`, if any.
    package func accelerator(for action: ActionName) -> String? {
        guard let first = rp_application_first_accel(gobject, action.detailedName) else { return nil }
        defer { g_free(first) }
        return String(cString: first)
    }

    /// Runs the GLib main loop until the app quits, with Swift concurrency bridged into it.
    /// Returns the exit status.
    public func run(arguments: [String] = CommandLine.arguments) -> Int32 {
        MainQueueBridge.install()
        var cStrings = arguments.map { strdup($0) }
        defer { for cString in cStrings { free(cString) } }
        return cStrings.withUnsafeMutableBufferPointer { argv in
            g_application_run(rp_gapplication(gobject), Int32(argv.count), argv.baseAddress)
        }
    }

    /// Activates `action` (an `app.` action that takes a string) with `argument` in the
    /// instance of this application that is running already, and returns once the request is
    /// sent: how a second launch asks the first to do something. Returns `false`, sending
    /// nothing, when no other instance runs (this process then holds the application's name
    /// until it exits). Call it from `onLocalOptions`' handler.
    public func activateInRunningInstance(_ action: ActionName, argument: String) -> Bool {
        precondition(action.group == "app", "\(action) is not an app. action")
        let app = rp_gapplication(gobject)
        var error: UnsafeMutablePointer<GError>?
        guard g_application_register(app, nil, &error) != 0 else {
            g_error_free(error)
            return false
        }
        guard g_application_get_is_remote(app) != 0 else { return false }
        g_action_group_activate_action(OpaquePointer(app), action.name, g_variant_new_string(argument))
        if let connection = g_application_get_dbus_connection(app) {
            g_dbus_connection_flush_sync(connection, nil, nil)
        }
        return true
    }

    /// Ends the main loop.
    public func quit() { g_application_quit(rp_gapplication(gobject)) }

    /// Runs `handler` on the main loop, instead of the process ending at once, each time it
    /// receives SIGTERM, SIGINT or SIGHUP (a logout, `kill`, Ctrl+C in a terminal, a closed
    /// terminal): an app quits from `handler` in order, as its Quit action does. Also asks
    /// the session manager to tell the app when the session ends (`register-session`), which
    /// quits it the same way. (GLib's `g_unix_signal_add`: the handler runs on the loop, not in
    /// the signal context.)
    public func onTerminationSignals(_ handler: @escaping @MainActor () -> Void) {
        rp_application_register_session(gobject)
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            // Repeating: a second Ctrl+C while quitting changes nothing.
            let source = SourceHandler.repeating(handler)
            g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, source.callback, source.data, source.destroy)
        }
    }
}
