import Glibc
import Gtk

// In-process GTK tests. They need a display: scripts/test runs them on a private Xvfb.
guard MainLoop.initialize() else {
    log("raypets-gtk-tests: cannot open a display (DISPLAY=\(String(cString: getenv("DISPLAY") ?? strdup("unset")!))).")
    log("Run them with: scripts/with-display .build/debug/raypets-gtk-tests")
    exit(2)
}

let runner = TestRunner(filter: CommandLine.arguments.dropFirst().first)
// The bridge tests come first: they check behaviour before and after installing it.
bridgeTests(runner)
signalTests(runner)
stackHostTests(runner)
modalHostTests(runner)
animationTests(runner)
appTests(runner)
desktopTests(runner)
walkTests(runner)
leavingTests(runner)
faultTests(runner)
exit(runner.summary())
