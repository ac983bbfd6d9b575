import Gtk
import Navigation

/// The GTK hosts' leak check, as an app's GTK tests see it (debug builds).
///
/// `GtkStackHost` and `GtkDialogHost` check every page they showed once it has left and the
/// host has settled: its model, what was registered with it, its `PageView` and the view's
/// widget (a widget once its window or host is gone). Each thing still alive is a finding,
/// one line naming the page's route and the type, logged as a `GtkNavigation` warning:
///
///     GtkNavigation-WARNING **: leak: page-7 recipe(id: "pancakes") left, but its RecipeView is still alive
///
/// A test waits until `isPending` is `false` and fails on `takeFindings()`. When a page is
/// checked, and what the check cannot see, is written in one place: `NavigationTesting`'s
/// article, section *What the leak check covers*. In release builds nothing is checked.
@MainActor
public enum GtkLeakCheck {
    private struct Check {
        let id: ObjectIdentifier
        let survivors: @MainActor () -> [String]
        let isSettled: @MainActor () -> Bool
    }

    private static var checks: [Check] = []
    private static var timerRunning = false
    private static var findings: [String] = []

    /// Whether checks are waiting for their hosts to settle (about a tenth of a second after
    /// pages leave).
    public static var isPending: Bool { !checks.isEmpty }

    /// Whether findings are logged as `GtkNavigation` warnings too (`true` unless set): a test
    /// that leaks on purpose turns it off while it runs.
    public static var logsFindings = true

    /// What the checks found since the last call, one line per object (without the `leak: `
    /// the log puts before it); forgets them.
    public static func takeFindings() -> [String] {
        defer { findings = [] }
        return findings
    }

    /// Checks `survivors()` of the pages that left one host (`owner`: what they are kept in)
    /// once `isSettled` holds.
    static func schedule(
        _ owner: AnyObject, survivors: @escaping @MainActor () -> [String],
        isSettled: @escaping @MainActor () -> Bool
    ) {
        let id = ObjectIdentifier(owner)
        if !checks.contains(where: { $0.id == id }) {
            checks.append(Check(id: id, survivors: survivors, isSettled: isSettled))
        }
        startTimer()
    }

    private static func startTimer() {
        guard !timerRunning else { return }
        timerRunning = true
        // Late enough for the views of the pages that left to be freed after their slide,
        // and for the tasks and idle work their leaving started to have run.
        MainLoop.after(milliseconds: 100) { run() }
    }

    private static func run() {
        timerRunning = false
        let due = checks
        checks = []
        for check in due {
            guard check.isSettled() else {
                checks.append(check)
                continue
            }
            for line in check.survivors() { report(line) }
        }
        if !checks.isEmpty { startTimer() }
    }

    private static func report(_ line: String) {
        findings.append(line)
        if logsFindings { Log(domain: "GtkNavigation").warning("leak: \(line)") }
    }
}
