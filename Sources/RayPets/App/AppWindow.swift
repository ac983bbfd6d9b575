/// The main window, as the coordinators see it. `RayPetsUI` implements it with a
/// GtkWindow; tests with a fake.
@MainActor
public protocol AppWindow: AnyObject {
    /// Shows the window and raises it.
    func present()
    /// Shows the welcome page or the tabs.
    func show(_ section: AppSection)
    /// The window's size (as it would open again: not the maximized size) and whether it is
    /// maximized; `nil` if it cannot tell.
    var frame: WindowFrame? { get }
    /// Opens the window at `frame` (before it is first shown: the size it opens at).
    func restore(_ frame: WindowFrame)
}

extension AppWindow {
    /// A window that cannot tell its size (a test's fake): `nil`.
    public var frame: WindowFrame? { nil }
    /// A window that cannot tell its size ignores it.
    public func restore(_ frame: WindowFrame) {}
}

/// What the main window shows: the first-launch welcome, or the tabs.
public enum AppSection: Sendable, Equatable {
    case welcome, tabs
}
