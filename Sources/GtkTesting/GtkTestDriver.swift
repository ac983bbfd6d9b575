import Gtk

/// Steps GLib's main loop and presses controls from a GTK test: what an app's in-process GTK
/// tests (or smoke tests) need to wait for GTK and act as a person would.
///
/// A GTK test runs on the process's main thread, outside `Application.run`: it calls
/// `MainLoop.initialize()` (and `MainQueueBridge.install()` if it awaits), builds
/// its window, then alternates actions and waits:
///
/// ```swift
/// window.present()
/// GtkTestDriver.runUntilShown(window)
/// GtkTestDriver.click(backButton)
/// GtkTestDriver.settle()
/// ```
///
/// Never step the loop from inside main-actor async code (a `Task`, after an `await`): the
/// concurrency bridge would run the main queue from inside one of its own jobs. Wait there with
/// `MainLoop.idle()` instead.
@MainActor
public enum GtkTestDriver {
    /// Runs one main-loop iteration. With `blocking`, waits for an event first.
    /// Returns whether anything was dispatched.
    @discardableResult
    public static func iterate(blocking: Bool = false) -> Bool { MainLoop.iterate(blocking: blocking) }

    /// Runs the loop until `condition` holds or `timeout` seconds pass.
    /// Returns whether the condition held.
    @discardableResult
    public static func run(until condition: () -> Bool, timeout: Double = 5) -> Bool {
        MainLoop.run(until: condition, timeout: timeout)
    }

    /// Runs the loop until `window` is on screen: mapped, and its first frame drawn, as a
    /// person sees it before they can click in it; or until `timeout` seconds pass. Returns
    /// whether it was shown.
    ///
    /// Wait for this after presenting a window, not for `isMapped` alone: GTK maps a window
    /// before the display has shown it, and a test that opens a dialog then does what no person
    /// can. On Wayland a compositor may then never draw the dialog (weston 14 to 16 did not,
    /// when the dialog's first frame came before its parent's).
    @discardableResult
    public static func runUntilShown(_ window: Window, timeout: Double = 5) -> Bool {
        MainLoop.run(until: { window.isMapped && (window.framesDrawn ?? 0) > 0 }, timeout: timeout)
    }

    /// Runs the loop until it has nothing left to dispatch, or `timeout` seconds pass: what
    /// a step (a click, a present) set off has been handled. Returns whether the loop went idle.
    @discardableResult
    public static func settle(timeout: Double = 2) -> Bool {
        MainLoop.run(until: { !MainLoop.iterate() }, timeout: timeout)
    }

    /// Runs the loop for `seconds`, blocking between events (so an idle loop sleeps).
    /// Returns the number of iterations that dispatched something.
    @discardableResult
    public static func run(for seconds: Double) -> Int { MainLoop.run(for: seconds) }

    /// Turns GTK's animations on or off for this process (`gtk-enable-animations`): off, a
    /// stack's page changes at once and a test need not wait for slides.
    public static func setAnimationsEnabled(_ enabled: Bool) { MainLoop.setAnimationsEnabled(enabled) }

    /// Clicks `button` now, as the mouse does (emits "clicked"; an insensitive button too, so
    /// check `isSensitive` first when that matters).
    public static func click(_ button: Button) { button.click() }

    /// Runs `action` from the loop as the next input event would be handled: after the work the
    /// last click put on the main queue (the concurrency bridge runs above GDK's events), before
    /// anything else waiting at their priority. For a test of a click or a key that comes right
    /// after another, with no wait between them:
    ///
    /// ```swift
    /// GtkTestDriver.click(discard)
    /// GtkTestDriver.asNextInputEvent { navigation.goBack() }
    /// GtkTestDriver.settle()
    /// ```
    ///
    /// Calling the second action directly after the first instead runs it before the loop has
    /// run at all, which no person's input can do.
    public static func asNextInputEvent(_ action: @escaping @MainActor () -> Void) { MainLoop.asInputEvent(action) }
}

extension GtkTestDriver {
    /// Why `press(_:in:)` pressed nothing.
    public enum KeyPressRefusal: Error, Equatable, CustomStringConvertible {
        /// The window is not on an X11 display: Wayland gives a client no way to make input.
        case notX11
        /// `libXtst.so.6` (the X server's test extension's library) is not installed.
        case noXTest
        /// GTK does not read the text as an accelerator.
        case notAnAccelerator(String)
        /// A key of the accelerator has no key on the display's keyboard map.
        case noKey(String)
        /// The window is not shown yet: present it and wait until it is mapped.
        case notMapped

        /// What went wrong, in a sentence.
        public var description: String {
            switch self {
            case .notX11: "keys can be pressed only on an X11 display (GDK_BACKEND=x11, Xvfb)"
            case .noXTest: "libXtst.so.6 is not installed (Debian: libxtst6)"
            case .notAnAccelerator(let text): "\"\(text)\" is not an accelerator GTK reads (\"<Control>w\")"
            case .noKey(let text): "a key of \"\(text)\" is not on the keyboard map"
            case .notMapped: "the window is not mapped yet"
            }
        }
    }

    /// Presses the keys of `accelerator` (as GTK writes them: `"<Control>w"`, `"Escape"`,
    /// `"<Alt>Left"`) in `window`, as a person at the keyboard would: the keyboard focus goes
    /// to the window, then the keys go down (the modifiers first) and up again, through the
    /// X server, so GTK handles them exactly as typed keys — the application's shortcuts, the
    /// window's, the focused widget's, in GTK's order. The keys arrive as events: run the loop
    /// (`run(until:timeout:)`) for what they set off. Throws, having pressed nothing, where
    /// keys cannot be pressed (`KeyPressRefusal`): on Wayland, say.
    public static func press(_ accelerator: String, in window: Window) throws(KeyPressRefusal) {
        switch window.pressKeys(accelerator) {
        case 0: return
        case 1: throw .notX11
        case 2: throw .noXTest
        case 3: throw .notAnAccelerator(accelerator)
        case 4: throw .noKey(accelerator)
        default: throw .notMapped
        }
    }

    /// The accessibility problems of the shown windows now, one line each ("window title:
    /// widget, role and page: problem"); empty when a screen reader user meets none.
    ///
    /// Run it after each step of a test. It applies the errors of GTK Inspector's accessibility
    /// overlay (GTK 4.14 and later) to every mapped widget: a role that needs a name has one
    /// (a button, a check box, a tab, a text box, a search box, an image that is not
    /// decorative, a dialog), a presentational widget has none, a check box has its checked
    /// state, a list item is in a list. It adds the rules a navigating app needs: a dialog
    /// window has the dialog or alert-dialog role; each `GtkNavigation` page is named by its
    /// stack page's title and does not repeat it while the focus is on a control in it; the
    /// keyboard focus is on a shown, named control; two buttons
    /// with one name on one page run one action.
    ///
    /// It reads what GTK keeps for assistive technologies, which `GTK_A11Y=none` turns off:
    /// then it reports that, as its one finding. `GTK_A11Y=test` keeps it without an
    /// accessibility bus (under valgrind, say).
    public static func accessibilityFindings() -> [String] { AccessibilityAudit.findings() }
}
