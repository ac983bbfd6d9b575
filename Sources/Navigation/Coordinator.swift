/// Decides what comes next in one flow. Screens know nothing about each other; a
/// coordinator creates their view models, presents them through its router, and reacts
/// to their intents.
///
/// Lifecycle: the parent calls `present(animated:onDismissed:)` (usually through
/// `presentChild`); the coordinator passes `onDismissed` on as the `onDismissed` of its
/// *first* page, so the flow ends exactly when that page leaves — by code, Back, Cancel or
/// a closed window. A parent therefore never has to be told twice, or guess.
@MainActor
public protocol Coordinator: AnyObject {
    /// The app's route type.
    associatedtype Route: NavigationRoute

    /// Flows started by this one that are still running.
    var children: [any Coordinator] { get set }

    /// Where this flow presents its pages.
    var router: any Router<Route> { get }

    /// Starts the flow. `onDismissed` runs once, when the flow's first page leaves.
    func present(animated: Bool, onDismissed: (@MainActor () -> Void)?)

    /// Ends the flow (by default: `router.dismiss`).
    func dismiss(animated: Bool)
}

extension Coordinator {
    /// Ends the flow through its router.
    public func dismiss(animated: Bool) {
        router.dismiss(animated: animated)
    }

    /// Starts `child`, keeps it in `children` while it runs, and removes it the moment its
    /// flow is dismissed, before calling `onDismissed`. Captures are weak both ways, so a
    /// finished child is freed and a parent can go away with a child still running.
    public func presentChild(
        _ child: any Coordinator, animated: Bool, onDismissed: (@MainActor () -> Void)? = nil
    ) {
        children.append(child)
        child.present(animated: animated) { [weak self, weak child] in
            guard let self, let child else { return }
            self.removeChild(child)
            onDismissed?()
        }
    }

    /// Removes `child` from `children` (if it is there).
    public func removeChild(_ child: any Coordinator) {
        children.removeAll { $0 === child }
    }
}
