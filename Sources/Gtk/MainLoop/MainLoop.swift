import CGtk
import Glibc

/// GTK's start-up and GLib's default main context, for tools that drive GTK without a
/// `GtkApplication`. A test steps the loop with `GtkTestDriver` (the GtkTesting product).
@MainActor
public enum MainLoop {
    /// Initialises GTK. Returns `false` (instead of aborting the process) when there is no
    /// display to connect to.
    public static func initialize() -> Bool { gtk_init_check() != 0 }

    /// Runs one main-loop iteration. With `blocking`, waits for an event first.
    /// Returns whether anything was dispatched. For this package's tests and benchmarks;
    /// another package's tests use `GtkTestDriver` (GtkTesting).
    @discardableResult
    package static func iterate(blocking: Bool = false) -> Bool {
        g_main_context_iteration(nil, blocking ? 1 : 0) != 0
    }

    /// Runs the loop until `condition` holds or `timeout` seconds pass.
    /// Returns whether the condition held. For this package's tests (`GtkTestDriver` outside it).
    @discardableResult
    package static func run(until condition: () -> Bool, timeout: Double = 5) -> Bool {
        let deadline = g_get_monotonic_time() + Int(timeout * 1_000_000)
        while !condition() {
            if g_get_monotonic_time() > deadline { return false }
            if !iterate() { g_usleep(1000) }
        }
        return true
    }

    /// Runs the loop for `seconds`, blocking between events (so an idle loop sleeps).
    /// Returns the number of iterations that dispatched something. For this package's tests
    /// and benchmarks (`GtkTestDriver` outside it).
    @discardableResult
    package static func run(for seconds: Double) -> Int {
        var flag = false
        let id = g_timeout_add_full(
            G_PRIORITY_DEFAULT, UInt32(seconds * 1000),
            { data in
                data!.assumingMemoryBound(to: Bool.self).pointee = true
                return 0  // G_SOURCE_REMOVE
            }, &flag, nil)
        _ = id
        var iterations = 0
        while !flag {
            if iterate(blocking: true) { iterations += 1 }
        }
        return iterations
    }

    /// Suspends the calling task until the GLib loop is idle (nothing of higher priority is
    /// pending), without spinning the loop itself: the outer loop runs, the task resumes.
    ///
    /// Async code on the main actor must wait this way rather than by iterating the loop:
    /// iterating inside a main-actor job makes the concurrency bridge drain the main queue
    /// from inside one of its own jobs, and continuations can then be left waiting.
    public static func idle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let source = SourceHandler.once { continuation.resume() }
            g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, source.callback, source.data, nil)
        }
    }

    /// Runs `handler` once, soon, when the loop has nothing more urgent to do (an idle source
    /// at `G_PRIORITY_HIGH_IDLE`: after the current event or layout, before the next frame is
    /// drawn). For changes that must not happen in the middle of GTK's layout.
    public static func whenIdle(_ handler: @escaping @MainActor () -> Void) {
        let source = SourceHandler.once(handler)
        g_idle_add_full(G_PRIORITY_HIGH_IDLE, source.callback, source.data, nil)
    }

    /// Runs `handler` once from the loop as a key press or a click already waiting in GDK's
    /// event queue would be handled (for tests in this package). GDK delivers events at
    /// `G_PRIORITY_DEFAULT` from a source attached when the display opened, so at equal
    /// priority it comes before any source attached later; this one is a step higher to be
    /// just as early.
    package static func asInputEvent(_ handler: @escaping @MainActor () -> Void) {
        let source = SourceHandler.once(handler)
        g_idle_add_full(G_PRIORITY_DEFAULT - 1, source.callback, source.data, nil)
    }

    /// Monotonic time in microseconds.
    public static var now: Int { g_get_monotonic_time() }

    /// CPU time (user + system) this process has used, in microseconds (for tests and
    /// benchmarks in this package).
    package static var processCPUTime: Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000
            + Int(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    }

    /// Whether GTK animates (`gtk-enable-animations`: the desktop's setting, or a test's).
    public static var animationsEnabled: Bool {
        guard let settings = gtk_settings_get_default() else { return false }
        return rp_object_get_boolean(UnsafeMutableRawPointer(settings), "gtk-enable-animations") != 0
    }

    /// Turns GTK's animations on or off for this process (`gtk-enable-animations`). For this
    /// package's tests and benchmarks (`GtkTestDriver` outside it).
    package static func setAnimationsEnabled(_ enabled: Bool) {
        guard let settings = gtk_settings_get_default() else { return }
        rp_object_set_boolean(UnsafeMutableRawPointer(settings), "gtk-enable-animations", enabled ? 1 : 0)
    }

    /// Sets the text size to `scale` times the usual (96 dpi; GNOME's Large Text is 1.25) and
    /// the theme to `theme` (`"HighContrast"`), for this process: how tests try the pages as
    /// the people who need them see them. `resetTextScaleAndTheme()` undoes it.
    package static func setTextScale(_ scale: Double, theme: String) {
        guard let settings = gtk_settings_get_default() else { return }
        rp_object_set_int(UnsafeMutableRawPointer(settings), "gtk-xft-dpi", Int32((96 * 1024 * scale).rounded()))
        rp_object_set_string(UnsafeMutableRawPointer(settings), "gtk-theme-name", theme)
    }

    /// How much larger than usual the desktop draws text (1: 96 dpi; GNOME's Large Text:
    /// 1.25), from GTK's `gtk-xft-dpi`; 1 when GTK does not say.
    package static var textScale: Double {
        guard let settings = gtk_settings_get_default() else { return 1 }
        let dpi = rp_object_get_int(UnsafeMutableRawPointer(settings), "gtk-xft-dpi")
        return dpi > 0 ? Double(dpi) / (96 * 1024) : 1
    }

    /// The text size and theme back to what the desktop says.
    package static func resetTextScaleAndTheme() {
        guard let settings = gtk_settings_get_default() else { return }
        gtk_settings_reset_property(settings, "gtk-xft-dpi")
        gtk_settings_reset_property(settings, "gtk-theme-name")
    }
}
