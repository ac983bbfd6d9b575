/// The main window, as the coordinators see it. `RayPetsUI` implements it with a
/// GtkWindow; tests with a fake.
@MainActor
public protocol AppWindow: AnyObject {
    /// Shows the window and raises it.
    func present()
    /// Shows the welcome page or the tabs.
    func show(_ section: AppSection)
}

/// What the main window shows: the first-launch welcome, or the tabs.
public enum AppSection: Sendable, Equatable {
    case welcome, tabs
}
