// swift-tools-version: 6.2
// RecipeBox: a second app on RayPets' navigation library. It depends on the RayPets package
// by path and imports only its library products: Navigation, NavigationTesting,
// GtkNavigation, Gtk and (its GTK smoke test) GtkTesting.
import PackageDescription

let package = Package(
    name: "RecipeBox",
    dependencies: [
        .package(name: "RayPets", path: "../..")
    ],
    targets: [
        // Routes, models, coordinators and links. No GTK.
        .target(name: "RecipeBoxCore", dependencies: [.product(name: "Navigation", package: "RayPets")]),
        // The GTK views and the window.
        .target(
            name: "RecipeBoxUI",
            dependencies: [
                "RecipeBoxCore",
                .product(name: "Gtk", package: "RayPets"),
                .product(name: "GtkNavigation", package: "RayPets"),
            ]),
        .executableTarget(name: "recipe-box", dependencies: ["RecipeBoxUI"]),
        // The two-screen app that Navigation's "Getting started" article builds, line for line.
        // The feature the "Dialogs, typed results and alerts" article builds, line for line:
        // its logic (no GTK) and its GTK app.
        .target(name: "DialogResultsCore", dependencies: [.product(name: "Navigation", package: "RayPets")]),
        .executableTarget(
            name: "dialog-results",
            dependencies: [
                "DialogResultsCore",
                .product(name: "Navigation", package: "RayPets"),
                .product(name: "Gtk", package: "RayPets"),
                .product(name: "GtkNavigation", package: "RayPets"),
            ]),
        .executableTarget(
            name: "hello-pages",
            dependencies: [
                .product(name: "Navigation", package: "RayPets"),
                .product(name: "Gtk", package: "RayPets"),
                .product(name: "GtkNavigation", package: "RayPets"),
            ]),
        // Headless tests: no display, no GTK.
        .testTarget(
            name: "RecipeBoxTests",
            dependencies: [
                "RecipeBoxCore", "DialogResultsCore", .product(name: "NavigationTesting", package: "RayPets"),
            ]),
        // A GTK smoke test (an executable: GTK wants the main thread), run under Xvfb.
        .executableTarget(
            name: "recipe-box-smoke",
            dependencies: [
                "RecipeBoxUI", .product(name: "GtkNavigation", package: "RayPets"),
                .product(name: "GtkTesting", package: "RayPets"),
            ],
            path: "Tests/RecipeBoxSmoke"),
    ],
    swiftLanguageModes: [.v6]
)
