import Navigation
import RayPets

/// Drives a running RayPets (in memory or on GTK) as a user would.
@MainActor
public protocol AppDriver: AnyObject {
    /// The app's root coordinator.
    var app: WindowCoordinator { get }
    /// The dialog's router.
    var dialogRouter: DialogRouter<AppRoute> { get }
    /// Performs `action` and lets the app settle (animations, awaited results).
    func perform(_ action: UserAction) async throws
    /// Gives the app one more turn of its main loop (an awaited result may still be on its way).
    func settle() async
}
