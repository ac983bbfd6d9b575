import Navigation
import RayPets

extension WindowCoordinator {
    /// The window's close button in a test that has no `AppCoordinator`: its pages are asked
    /// as `AppCoordinator.requestClose` asks them (a page with unsaved work asks first), and
    /// leave if they all agree; nothing is destroyed. Whether every page agreed and left.
    public func askToClose() async -> Bool {
        services.questions.isClosingWindow = true
        defer { services.questions.isClosingWindow = false }
        for router in routers {
            guard await router.request(.dismissAll, reason: .close, animated: false) else { return false }
        }
        return true
    }

    /// Drops every page this window keeps for Forward, as the limit does (a new page on each
    /// stack, or the window closing, drops them too): their flows end, and what they held must
    /// go.
    public func dropForward() {
        for router in routers {
            guard let router = router as? PageRouter<AppRoute> else { continue }
            router.forwardLimit = 0
            router.forwardLimit = Self.forwardLimit
        }
    }
}
