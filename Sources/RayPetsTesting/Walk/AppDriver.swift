import Navigation
import RayPets

/// Drives a running RayPets (in memory or on GTK) as a user would.
@MainActor
public protocol AppDriver: AnyObject {
    /// The focused window's root coordinator: where the user acts.
    var app: WindowCoordinator { get }
    /// The focused window's dialog router.
    var dialogRouter: DialogRouter<AppRoute> { get }
    /// Every open window's root coordinator, in the order they were opened (`app` among
    /// them). A driver of one window need not implement it: `[app]`.
    var windows: [WindowCoordinator] { get }
    /// Performs `action` and lets the app settle (animations, awaited results).
    func perform(_ action: UserAction) async throws
    /// Gives the app one more turn of its main loop (an awaited result may still be on its way).
    func settle() async
}

extension AppDriver {
    /// One window: the focused one.
    public var windows: [WindowCoordinator] { [app] }
}
