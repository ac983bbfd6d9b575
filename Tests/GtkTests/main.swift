import Glibc
import Gtk
import RayPets

// Log.debug's test runs this binary again, with G_MESSAGES_DEBUG set from the start: that run
// is GLib only and opens no display (WidgetAPITests.swift).
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == logDebugChildArgument {
    exit(logDebugChild(expecting: Int(CommandLine.arguments[2]) ?? -1))
}

// Every warning and critical from here on is kept: a test during which GTK, GLib or the
// navigation library warned fails, by name (TestRunner.test).
LogWatch.start()

// In-process GTK tests. They need a display: scripts/test runs them on a private Xvfb.
guard MainLoop.initialize() else {
    log("raypets-gtk-tests: cannot open a display (DISPLAY=\(String(cString: getenv("DISPLAY") ?? strdup("unset")!))).")
    log("Run them with: scripts/with-display .build/debug/raypets-gtk-tests")
    exit(2)
}

// Translations as the app sets them up (from `locale/` beside this binary), so that
// `LANGUAGE=de LANG=de_DE.UTF-8` runs the tests on the German pages.
setUpTranslations(localeFolder: String(cString: dirname(realpath("/proc/self/exe", nil))) + "/locale")

let runner = TestRunner(filter: CommandLine.arguments.dropFirst().first)
// The bridge tests come first: they check behaviour before and after installing it.
bridgeTests(runner)
signalTests(runner)
stackHostTests(runner)
modalHostTests(runner)
dialogSheetTests(runner)
modalLayerKeyTests(runner)
animationTests(runner)
appTests(runner)
windowsTests(runner)
desktopTests(runner)
walkTests(runner)
leavingTests(runner)
faultTests(runner)
listViewTests(runner)
deadControlTests(runner)
longTextTests(runner)
pastedSearchTests(runner)
widgetAPITests(runner)
toastTests(runner)
accessibilityTests(runner)
focusReturnTests(runner)
leakCheckTests(runner)
swipeTests(runner)
caretTests(runner)
inputTests(runner)
escapeTests(runner)
backHistoryTests(runner)
forwardTests(runner)
// Last but the walks: it opens GTK Inspector in this process (and hides it again).
inspectorTests(runner)
// The walks' tests run only when the filter names them (`walk 3:`): scripts/check-walks runs them
// under gdb in the build tier and fails on one that fails. Walk 2 starts a second `raypets`, which
// a sanitizer's or valgrind's build folder does not have; what they check, other tests check too.
// Last: walks 2, 8 and 9 run the app itself, whose start-up installs its stylesheet (where an
// earlier test registered the resource bundle) and follows the desktop's colour scheme for the
// rest of the process.
if runner.names("walk ") { walkActionTests(runner) }
exit(runner.summary())
