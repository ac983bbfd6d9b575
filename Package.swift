// swift-tools-version: 6.2
// RayPets: the coordinator pattern done properly on GTK 4, in Swift.
// Floors (a target only depends on floors below it) are described in ARCHITECTURE.md.
import PackageDescription

let package = Package(
    name: "RayPets",
    products: [
        // The navigation layer another app can lift: pure routers/coordinators,
        // in-memory hosts for headless tests, and the GTK hosts — and the Swift GTK wrapper
        // the GTK hosts' API is written in, which an app builds its page views with.
        .library(name: "Navigation", targets: ["Navigation"]),
        .library(name: "NavigationTesting", targets: ["NavigationTesting"]),
        .library(name: "GtkNavigation", targets: ["GtkNavigation"]),
        .library(name: "Gtk", targets: ["Gtk"]),
        // What an app's in-process GTK tests need to step the main loop and click, kept out of
        // `Gtk` (which apps ship) because only tests use it.
        .library(name: "GtkTesting", targets: ["GtkTesting"]),
        .executable(name: "raypets", targets: ["raypets"]),
    ],
    targets: [
        // GTK 4 as a C module. Only `Gtk` imports it.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // Thin hand-written Swift over GTK: objects, signals, widgets, main loop.
        .target(name: "Gtk", dependencies: ["CGtk", "CGtkList", "CGtkInspector"]),
        // Test helpers over `Gtk` for anyone's GTK tests: main-loop steps and clicks.
        .target(name: "GtkTesting", dependencies: ["Gtk"]),
        // The one GObject type the wrapper defines in C: a list model asked for items on demand.
        .target(name: "CGtkList", dependencies: ["CGtk"]),
        // A page of GTK Inspector (its `gtk-inspector-page` extension point), defined in C.
        .target(name: "CGtkInspector", dependencies: ["CGtk"]),
        // GNU gettext from glibc, for RayPets' translations (not GTK).
        .systemLibrary(name: "CGettext"),
        // SQLite 3 as a C module. Only `SQLite` imports it.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // A thin typed Swift layer over SQLite's C API: connections, statements, transactions.
        // Knows nothing of RayPets.
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        // Standard error for the navigation core's debug warnings: the one write it makes, in C.
        .target(name: "CStandardError"),
        // Pure Swift navigation: routes, pages, routers, coordinators. No GTK. Safe Swift only:
        // strict memory safety makes any unsafe construct a warning, and the build has none.
        .target(name: "Navigation", dependencies: ["CStandardError"], swiftSettings: [.strictMemorySafety()]),
        // In-memory hosts and a recording router for anyone's headless tests.
        .target(name: "NavigationTesting", dependencies: ["Navigation"], swiftSettings: [.strictMemorySafety()]),
        // RayPets' models, page models and coordinators, and (in RayPets/Storage, behind the
        // `ClinicStore` protocol) the clinic's SQLite database. No GTK.
        .target(name: "RayPets", dependencies: ["Navigation", "CGettext", "SQLite"]),
        // Test support for RayPets: a reference model of its navigation and a random walker
        // that checks the real routers against it (headless and GTK tests share it). No GTK.
        .target(name: "RayPetsTesting", dependencies: ["RayPets", "Navigation", "NavigationTesting"]),
        // The routers' GTK side: GtkStack host and modal-window host.
        .target(name: "GtkNavigation", dependencies: ["Gtk", "Navigation"]),
        // RayPets' GTK pages, the main window and the stylesheet.
        .target(name: "RayPetsUI", dependencies: ["Gtk", "GtkNavigation", "RayPets"]),
        .executableTarget(name: "raypets", dependencies: ["Gtk", "GtkNavigation", "RayPets", "RayPetsUI"]),

        // Headless tests: no display, no D-Bus, no GTK linked.
        .testTarget(name: "NavigationTests", dependencies: ["Navigation", "NavigationTesting"]),
        .testTarget(
            name: "RayPetsTests",
            dependencies: ["RayPets", "Navigation", "NavigationTesting", "RayPetsTesting", "SQLite"],
            // Journals exported from the real app (bug reports), read by their tests.
            exclude: ["Journals"]),
        // In-process GTK tests: a plain executable, because GTK wants the process's main
        // thread and its own main loop. scripts/test runs it under a private Xvfb.
        .executableTarget(
            name: "raypets-gtk-tests",
            dependencies: [
                "Gtk", "GtkNavigation", "Navigation", "NavigationTesting", "RayPets", "RayPetsUI", "RayPetsTesting",
                "GtkTesting",
            ],
            path: "Tests/GtkTests"
        ),
        // The end-to-end and crash tests' RayPets: what `raypets` runs, plus changes to the
        // records read from stdin (TestCommands). Not a product; meson does not install it.
        .executableTarget(
            name: "raypets-test-app",
            dependencies: ["Gtk", "RayPets", "RayPetsUI"],
            path: "Tests/TestApp"
        ),
        // Fuzz targets for every parser of outside input (scripts/fuzz builds it with libFuzzer;
        // a plain build replays inputs). Not a product.
        .executableTarget(
            name: "raypets-fuzz",
            dependencies: ["Navigation", "NavigationTesting", "RayPets", "RayPetsTesting"],
            path: "Fuzz/RayPetsFuzz"
        ),
        // Benchmarks (not tests): Benchmarks/run builds these in release mode next to a C baseline.
        // raypets-bench: navigation and headless figures.
        .executableTarget(
            name: "raypets-bench",
            dependencies: [
                "CBenchSupport", "Gtk", "GtkNavigation", "Navigation", "NavigationTesting", "RayPets", "RayPetsUI",
            ],
            path: "Benchmarks/RayPetsBench"
        ),
        // raypets-startup: the raypets executable's own start-up code, quitting at its first frame.
        .executableTarget(
            name: "raypets-startup",
            dependencies: ["RayPetsUI", "Gtk"],
            path: "Benchmarks/StartupBench"
        ),
        // malloc's bytes in use (malloc.h does not import into Swift).
        .target(name: "CBenchSupport", path: "Benchmarks/CBenchSupport"),
    ],
    swiftLanguageModes: [.v6]
)
