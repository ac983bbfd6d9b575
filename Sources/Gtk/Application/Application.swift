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
        rp_application_track_held_input(gobject)  // for `quitAfterInput`
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

    /// On X11, runs `handler` once when the connection to the display is lost (the X server
    /// ended, or `xkill` on one of the app's windows), just before the process ends, as it
    /// must: GTK cannot go on without its display. The handler writes what the app must keep
    /// (its state, drafts) and touches no widget. Call it once the app has started (its
    /// display is open); a later call replaces the handler. Returns whether it could be
    /// installed: not on Wayland, where GDK ends the process with no hook (there the app's
    /// own periodic saves are what is kept).
    @discardableResult
    public func onDisplayLost(_ handler: @escaping @MainActor () -> Void) -> Bool {
        displayLost?.release()
        let box = Unmanaged.passRetained(SignalBox(handler))
        displayLost = box
        return rp_on_x11_display_lost(
            { data in
                // Xlib calls its I/O error handler on the thread that used the connection:
                // GDK's, the main thread.
                let body = Unmanaged<SignalBox<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue().body
                MainActor.assumeIsolated { body() }
            }, box.toOpaque()) != 0
    }

    /// Runs `handler` once, after the first "activate" and before the loop runs idle.
    @discardableResult
    public func onStartup(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("startup", handler)
    }

    private var actions: [String: Action] = [:]
    /// The handler `onDisplayLost` installed, kept for Xlib's call.
    private var displayLost: Unmanaged<SignalBox<@MainActor () -> Void>>?
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
    /// instance of this application that is running already, and returns once it has done it
    /// (or `seconds` passed): how a second launch asks the first to do something. This process
    /// registers nothing and owns no name, so a launch right after it starts or is forwarded
    /// as usual. `.none` when no other instance runs (nothing sent); `.noAnswer` when it did
    /// not answer in time (stopped, or frozen). Call it from `onLocalOptions`' handler.
    public func activateInRunningInstance(
        _ action: ActionName, argument: String, waitingAtMost seconds: Int = 5
    ) -> RunningInstance {
        precondition(action.group == "app", "\(action) is not an app. action")
        return RunningInstance(
            rp_activate_in_running_application(id, action.name, argument, Int32(clamping: seconds * 1000)),
            seconds: seconds)
    }

    /// Whether an instance of this application runs already, and answers within `seconds`
    /// (a call its main loop must handle: an instance that is stopped or frozen does not). A
    /// launch asks before it registers, so that it can say so at once instead of failing
    /// after GLib's 25 s with "Failed to register: Timeout was reached".
    public func runningInstance(waitingAtMost seconds: Int = 5) -> RunningInstance {
        RunningInstance(
            rp_call_running_application(id, "org.gtk.Actions", "List", nil, Int32(clamping: seconds * 1000)),
            seconds: seconds)
    }

    /// The application's id.
    public var id: String { String(cString: g_application_get_application_id(rp_gapplication(gobject))) }

    /// Ends the main loop.
    public func quit() { g_application_quit(rp_gapplication(gobject)) }

    /// Ends the main loop once the user's input has settled: while a mouse button or a touch
    /// is held in one of its windows (a click begun — *Save* pressed — and the quit's key
    /// pressed before its release), the quit waits for the release, at most `milliseconds`,
    /// so that the click is carried out first. (The windows count presses and releases as
    /// they get them, before any widget.)
    public func quitAfterInput(waitingAtMost milliseconds: Int = 2000) {
        guard milliseconds > 0, rp_application_held_input(gobject) > 0 else {
            return MainLoop.whenIdle { [weak self] in self?.quit() }
        }
        MainLoop.after(milliseconds: 20) { [weak self] in self?.quitAfterInput(waitingAtMost: milliseconds - 20) }
    }

    /// Runs `handler` on the main loop, instead of the process ending at once, each time it
    /// receives SIGTERM, SIGINT or SIGHUP (a logout, `kill`, Ctrl+C in a terminal, a closed
    /// terminal), or any other signal whose default is to end the process without a crash:
    /// SIGUSR1, SIGUSR2, SIGQUIT, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR and SIGSTKFLT
    /// (each raises SIGTERM; SIGQUIT is then no crash report); SIGPIPE is ignored (a write to
    /// a pipe whose reader went fails instead: another app may stop reading a paste of what
    /// this one copied). An app quits from `handler` in
    /// order, as its Quit action does. Also asks the session manager to tell the app when the
    /// session ends (`register-session`), which quits it the same way. (GLib's
    /// `g_unix_signal_add`: the handler runs on the loop, not in the signal context.)
    public func onTerminationSignals(_ handler: @escaping @MainActor () -> Void) {
        rp_application_register_session(gobject)
        rp_signals_end_as_sigterm()
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2] {
            // Repeating: a second Ctrl+C while quitting changes nothing.
            let source = SourceHandler.repeating(handler)
            g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, source.callback, source.data, source.destroy)
        }
    }
}

/// What an application's instance already running on the session bus did when asked
/// (`Application.runningInstance(waitingAtMost:)`,
/// `Application.activateInRunningInstance(_:argument:waitingAtMost:)`).
public enum RunningInstance: Equatable, Sendable {
    /// None runs (or there is no session bus): nothing was sent.
    case none
    /// It answered (and did what it was asked).
    case answered
    /// It did not answer in `seconds`: it is stopped or frozen.
    case noAnswer(seconds: Int)
    /// The call failed otherwise (the bus refused it).
    case failed

    init(_ code: Int32, seconds: Int) {
        switch code {
        case 0: self = .answered
        case 1: self = .none
        case 2: self = .noAnswer(seconds: seconds)
        default: self = .failed
        }
    }
}
