import Glibc
import Gtk
import GtkNavigation

/// Writes a line to stdout unbuffered, so it stays in order with GTK's messages on stderr.
func log(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(1, $0, strlen($0)) }
}

/// How many times longer a test's deadlines are: `GTK_TESTS_TIME_SCALE` (the valgrind walk runs
/// the suite some 50 times slower, beside other tiers; a deadline is when a test gives up on a
/// result, never a wait before an input), else 1. Not for a drain (`MainLoop.run(until: {
/// !MainLoop.iterate() }, timeout:)`), which ends when the loop is idle or its time is up: a
/// window's frame clock can keep the loop busy, and a scaled drain then only waits longer.
let timeScale: Double = getenv("GTK_TESTS_TIME_SCALE").flatMap { Double(String(cString: $0)) }.map { max($0, 1) } ?? 1

/// Runs the loop until `condition` holds or `timeout` seconds (times `timeScale`) pass;
/// returns whether it held.
@MainActor @discardableResult
func waitLoop(until condition: () -> Bool, timeout: Double = 5) -> Bool {
    MainLoop.run(until: condition, timeout: timeout * timeScale)
}

/// A test failed; the message says what was expected.
struct Failure: Error, CustomStringConvertible {
    let description: String
}

/// Fails the current test with `message` unless `condition` holds.
func check(_ condition: Bool, _ message: @autoclosure () -> String, line: Int = #line) throws {
    if !condition { throw Failure(description: "line \(line): \(message())") }
}

/// A minimal runner for tests that need GTK's main thread and main loop, which Swift
/// Testing's runner does not give. Prints one line per test and a closing
/// "N passed, N failed" line.
@MainActor
final class TestRunner {
    private(set) var passed = 0
    private(set) var failed = 0
    private let filter: String?
    /// Tests whose names contain one of the `|`-separated parts of `GTK_TESTS_SKIP` are not run
    /// (the valgrind tier skips the no-dead-controls and long-text tests: hundreds of windows
    /// opened under memcheck would take it past CI's time; they run in every other GTK tier).
    private let skip = getenv("GTK_TESTS_SKIP").map { String(cString: $0).split(separator: "|").map(String.init) } ?? []

    /// Runs the tests whose names contain `filter`, or one of its `|`-separated parts (all
    /// tests without one).
    init(filter: String?) { self.filter = filter }

    /// Whether the filter names `part` itself (one of its `|`-separated parts contains it): for
    /// tests that run only when asked for.
    func names(_ part: String) -> Bool {
        filter?.split(separator: "|").contains(where: { String($0).localizedStandardContains(part) }) ?? false
    }

    /// Log domains whose warnings a test may provoke on purpose: the Swift wrapper's (a missing
    /// resource bundle, checked by its test) and the app's (a link that opens nothing).
    /// (`Log.library` and `RayPetsApp.log`'s domains.)
    private let ownDomains = ["GtkSwift-", "raypets-"]
    /// Messages GTK logs about its own state, whatever the app does. Each one hides a class of
    /// mistakes: add one only with the GTK code that logs it, never for a warning our code causes.
    /// - GDK 4.24's X11 backend, on an X server without a compositor (Xvfb), marks a popover's
    ///   frame as submitted twice and says so once per process (seen on Debian testing, in the
    ///   first test that opens a menu; none on 4.8, 4.18 or Wayland).
    /// - GDK 4.24's Wayland backend under the Wayland tiers' private headless weston 16 calls
    ///   `gdk_seat_ungrab` without a seat: 178 times in that tier on Debian testing, in the six
    ///   tests that press every button or walk at random (menus among them); none under weston
    ///   14 with GTK 4.18 or weston with 4.8, none on X11. Not traced further: a headless
    ///   compositor with no input seat is the likely cause, which no desktop has.
    /// - GDK 4.24's X11 backend, when a window is resized while the machine is loaded (Debian
    ///   testing, a resize across the split's 720 px beside two builds): its frame timings'
    ///   own state check, `gdk_frame_timings_throttling_hint` asked of a frame still being
    ///   prepared; our code only sets the window's default size, as a drag would.
    private let gtkFaults: Set = [
        "Gdk-WARNING: gdk_frame_timings_submitted() called on submitted frame.",
        "Gdk-WARNING: (../../../gdk/gdkframetimings.c:443):gdk_frame_timings_throttling_hint: "
            + "runtime check failed: (self->result != GDK_FRAME_PREPARING)",
        "Gdk-CRITICAL: gdk_seat_ungrab: assertion 'GDK_IS_SEAT (seat)' failed",
    ]

    func test(_ name: String, _ body: () throws -> Void) {
        if let filter, !filter.split(separator: "|").contains(where: { name.localizedStandardContains(String($0)) }) {
            return
        }
        if skip.contains(where: { !$0.isEmpty && name.localizedStandardContains($0) }) { return }
        var failure: Error?
        let started = ContinuousClock.now
        do {
            try body()
        } catch {
            failure = error
        }
        // Let GTK finish pending work (destroyed windows, finished transitions) between tests.
        MainLoop.run(until: { !MainLoop.iterate() }, timeout: 1)
        // Every page the test's hosts showed and that left (or whose window or host went) is
        // checked: anything of it still alive fails this test, by name.
        waitLoop(until: { !GtkLeakCheck.isPending }, timeout: 5)
        let leaks = GtkLeakCheck.takeFindings()
        if failure == nil, !leaks.isEmpty {
            failure = Failure(description: leaks.map { "leak: \($0)" }.joined(separator: "; "))
        }
        // A warning or critical GTK, GLib or GtkNavigation logged while it ran fails it too
        // (messages of the app's own domains are what some tests provoke and check).
        let warnings = LogWatch.take().filter { message in
            !ownDomains.contains(where: message.hasPrefix) && !gtkFaults.contains(message)
        }
        if failure == nil, !warnings.isEmpty {
            failure = Failure(description: "logged: " + warnings.joined(separator: "; "))
        }
        // Its time, as the end-to-end tests print theirs: where a slow tier spends it.
        let tenths = (ContinuousClock.now - started) / .milliseconds(100)
        let took = "\(Int(tenths) / 10).\(Int(tenths) % 10) s"
        if let failure {
            failed += 1
            log("FAIL \(name) (\(took)): \(failure)")
        } else {
            passed += 1
            log("PASS \(name) (\(took))")
        }
    }

    /// Runs an async test to completion inside the GLib loop (the concurrency bridge drives
    /// its continuations).
    func testAsync(_ name: String, _ body: @escaping @MainActor () async throws -> Void) {
        test(name) {
            MainQueueBridge.install()  // async tests need it (the bridge tests may be filtered out)
            var outcome: Result<Void, Error>?
            Task { @MainActor in
                do {
                    try await body()
                    outcome = .success(())
                } catch { outcome = .failure(error) }
            }
            guard MainLoop.run(until: { outcome != nil }, timeout: 600) else {
                throw Failure(description: "timed out after 600 s")
            }
            try outcome!.get()
        }
    }

    func summary() -> Int32 {
        log("gtk: \(passed) passed, \(failed) failed")
        return failed == 0 ? 0 : 1
    }
}

extension String {
    fileprivate func localizedStandardContains(_ other: String) -> Bool {
        lowercased().contains(other.lowercased())
    }
}
