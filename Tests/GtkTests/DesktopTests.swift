import Glibc
import Gtk
import GtkNavigation
import RayPetsUI

/// The folder holding this test binary (where scripts/test builds raypets.gresource).
@MainActor
func binaryFolder() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let path = String(decoding: buffer.prefix(max(count, 0)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
}

@MainActor
func desktopTests(_ runner: TestRunner) {
    runner.test("every accelerator is registered for its action") {
        let app = RayPetsApp(settingsPath: "/nonexistent/settings")
        app.installActions()
        for action in AppAction.all {
            let registered = app.application.accelerator(for: action)
            try check(
                registered == action.accelerator,
                "\(action): expected \(action.accelerator ?? "none"), got \(registered ?? "none")")
        }
        try check(
            Set(AppAction.all.filter { $0.accelerator != nil })
                == [AppAction.quit, AppAction.newWindow, AppAction.shortcuts],
            "the accelerator list changed")
    }

    runner.test(
        "the shortcuts window lists exactly the declared accelerators (AppAction, its rows', the toast's, NavigationAction)"
    ) {
        let declared = Set(
            (AppAction.all + AppAction.rowActions + [AppAction.toastUndo, AppAction.searchPets] + [
                NavigationAction.back, NavigationAction.cancel, NavigationAction.close,
            ])
            .compactMap(\.accelerator)
        )
        // And GTK's own keys, which no action declares: F10 opens the main menu (a primary menu
        // button), Shift+F10 or the Menu key a row's or Back's menu (Widget.onContextRequest,
        // ListView.onContextClick).
        .union(["F10", "<Shift>F10 Menu"])
        let listed = Set(try shortcutsWindowAccelerators())
        try check(listed == declared, "shortcuts.ui lists \(listed.sorted()), the actions declare \(declared.sorted())")
    }

    runner.test("the resource bundle holds the stylesheet, the icons and the shortcuts window") {
        let bundle = binaryFolder() + "/raypets.gresource"
        try check(
            Resources.register(firstOf: [bundle]) == bundle, "cannot load \(bundle) (run meson_helpers/build-data)")
        let base = RayPetsApp.resourceBase
        for file in [
            "/style.css", "/gtk/shortcuts.ui", "/icons/scalable/apps/\(RayPetsApp.id).svg",
            "/icons/symbolic/apps/\(RayPetsApp.id)-symbolic.svg",
        ] {
            try check(Resources.exists(base + file), "\(file) missing from the bundle")
        }
        guard let shortcuts = Window.fromBuilderResource(base + "/gtk/shortcuts.ui", name: "shortcuts") else {
            throw Failure(description: "the shortcuts window does not build")
        }
        try check(shortcuts.typeName == "GtkShortcutsWindow", "built a \(shortcuts.typeName)")
        shortcuts.destroy()
    }

    runner.test("a missing resource bundle is reported, not fatal") {
        try check(
            Resources.register(firstOf: ["/nonexistent/raypets.gresource"]) == nil, "found a bundle that is not there")
        try check(
            Window.fromBuilderResource("/nonexistent/shortcuts.ui", name: "shortcuts") == nil, "built from nothing")
    }

    runner.test("a warning logged in the process is kept for the runner, under its domain") {
        _ = LogWatch.take()
        Log(domain: "Probe").warning("a probe of the log watch")
        let kept = LogWatch.take()
        try check(kept == ["Probe-WARNING: a probe of the log watch"], "kept: \(kept)")
        try check(LogWatch.take().isEmpty, "a message was kept twice")
    }

    runner.test("the dark variant can be switched on and off, in the setting this GTK has") {
        let version = AccessibilityAudit.gtkVersion
        let expected = version.minor >= 20 ? "gtk-interface-color-scheme" : "gtk-application-prefer-dark-theme"
        try check(
            DesktopStyle.settingName == expected,
            "GTK 4.\(version.minor) keeps the style in \(expected), but DesktopStyle uses \(DesktopStyle.settingName)")
        DesktopStyle.prefersDarkTheme = true
        try check(DesktopStyle.prefersDarkTheme, "prefer-dark did not stick")
        DesktopStyle.prefersDarkTheme = false
        try check(!DesktopStyle.prefersDarkTheme, "prefer-dark did not turn off")
        // GTK 4.20+ warns when the old setting is read or set: the runner fails the test on
        // any GTK warning logged while it ran (LogWatch).
    }
}
