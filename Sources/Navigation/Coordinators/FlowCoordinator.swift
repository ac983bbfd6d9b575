/// The plumbing every flow shares, in one place: its router, the child flows it started,
/// and its first page — so that dismissing the flow removes exactly its own pages, however
/// many other flows share the router.
///
/// Subclass it and override `start(animated:onDismissed:)`, which must present the flow's
/// first page (synchronously) with `onDismissed`:
///
///     final class StepsCoordinator: FlowCoordinator<MyRoute> {
///         override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
///             let model = StepModel()
///             let id = router.present(.step(1), model: model, animated: animated, onDismissed: onDismissed)
///             model.onNext = whenVisible(id) { flow in flow.dismiss(animated: true) }
///         }
///     }
///
/// A flow that produces a value also conforms to `ResultCoordinator`.
@MainActor
open class FlowCoordinator<Route: NavigationRoute>: Coordinator {
    /// Flows started by this one that are still running.
    public var children: [any Coordinator] = []
    /// Where this flow presents its pages.
    public let router: any Router<Route>
    /// The flow's first page, once presented.
    public private(set) var firstPage: PageID?

    /// A flow presenting its pages through `router`.
    public init(router: any Router<Route>) {
        self.router = router
    }

    /// Starts the flow (`start`) and remembers the first page it presented.
    public final func present(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let start = router.pages.count
        self.start(animated: animated, onDismissed: onDismissed)
        firstPage = router.pages.count > start ? router.pages[start].id : nil
    }

    /// Presents the flow's first page with `onDismissed`. Subclasses must override it.
    open func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        preconditionFailure("\(type(of: self)) must override start(animated:onDismissed:)")
    }

    /// Ends the flow: removes its first page and every page above it, and no page below.
    /// Does nothing once the first page has left.
    open func dismiss(animated: Bool) {
        if let firstPage { router.remove(from: firstPage, animated: animated) }
    }
}
