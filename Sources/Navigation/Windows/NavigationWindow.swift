/// One window of an app that opens many: the routers of its own coordinator tree.
///
/// Each window has its own stacks, Back and dialog; what the windows share (the data, the
/// settings) belongs to the application, not to a window. See "Many windows".
@MainActor
public protocol NavigationWindow: AnyObject {
    /// The app's route type.
    associatedtype Route: NavigationRoute

    /// Every router in the window, in the order they are asked when the window closes: the
    /// one whose pages cover the others first (the dialog before the tabs' stacks).
    var routers: [any Router<Route>] { get }

    /// The routers' names, in the order of `routers`, as the journal and the inspector show
    /// them (`NavigationJournal`): by default `router 1`, `router 2`, ...
    var routerNames: [String] { get }
}

extension NavigationWindow {
    /// `router 1`, `router 2`, ... in the order of `routers`.
    public var routerNames: [String] { routers.indices.map { "router \($0 + 1)" } }
}
