import Navigation
import RayPets

/// Drives a running RayPets (in memory or on GTK) as a user would.
@MainActor
public protocol AppDriver: AnyObject {
    /// The focused window's root coordinator: where the user acts.
    var app: WindowCoordinator { get }
    /// The focused window's dialog router.
    var dialogRouter: ModalRouter<AppRoute> { get }
    /// Every open window's root coordinator, in the order they were opened (`app` among
    /// them). A driver of one window need not implement it: `[app]`.
    var windows: [WindowCoordinator] { get }
    /// Performs `action` and lets the app settle (animations, awaited results).
    func perform(_ action: UserAction) async throws
    /// Gives the app one more turn of its main loop (an awaited result may still be on its way).
    func settle() async
    /// Lets the app finish what the last action started before the next one comes, as a main
    /// loop runs every task an input woke before the user's next input: a task that changes
    /// nothing the walk compares may still decide what the next action does (a close that
    /// was kept is forgotten a few turns after its alert has gone). A driver whose `perform`
    /// waits for that need not implement it.
    func finishAction() async
    /// Checks what only this driver can see, after every step once the app matches the
    /// model (the GTK driver: the accessibility tree); throws to fail the walk there.
    func checkStep() async throws
}

extension AppDriver {
    /// One window: the focused one.
    public var windows: [WindowCoordinator] { [app] }

    /// Nothing more to wait for.
    public func finishAction() async {}

    /// Nothing more to check.
    public func checkStep() async throws {}
}
