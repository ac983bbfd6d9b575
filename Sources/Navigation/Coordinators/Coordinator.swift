/// Decides what comes next in one flow. Pages know nothing about each other; a
/// coordinator creates their page models, presents them through its router, and reacts
/// to their intents.
///
/// Lifecycle, in the router's words (see `Router`): the parent *presents* the flow (usually
/// through `presentChild`), which presents the flow's first page with the parent's
/// `onDismissed`; the flow ends when that page leaves — by code, Back, Cancel or a closed
/// window — so a parent is told exactly once. *Dismissing* the flow removes its own pages,
/// from its first page up, and nothing below them: on a stack shared with other flows, a
/// flow goes back to where *it* started, not to the stack's root (pages pushed above it
/// leave with it; see `FlowCoordinator.dismiss(animated:)`). Most flows subclass `FlowCoordinator`,
/// which keeps `children` and the first page for them.
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

    /// Ends the flow: its pages leave, from its first page up.
    func dismiss(animated: Bool)
}
