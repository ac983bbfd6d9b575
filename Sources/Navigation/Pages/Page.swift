/// One page on a back stack: a value the router holds. GTK widgets are built from it,
/// never the other way round.
@MainActor
public struct Page<Route: NavigationRoute>: Identifiable {
    /// Stable identity: the same page keeps it while it is on the stack.
    public let id: PageID
    /// Which page this is and with what parameters.
    public let route: Route
    /// The screen's state and intents.
    public let model: any PageModel

    /// A new page with a fresh id.
    public init(route: Route, model: any PageModel) {
        self.id = PageID.next()
        self.route = route
        self.model = model
    }

    /// The title shown while this page is shown.
    public var title: String { model.title }
}

extension Page: Equatable {
    /// Two pages are equal when they are the same page (same id) showing the same route.
    nonisolated public static func == (lhs: Page, rhs: Page) -> Bool {
        lhs.id == rhs.id && lhs.route == rhs.route
    }
}

extension Page: CustomStringConvertible {
    /// `page-3 howToCode(step: 2)`.
    nonisolated public var description: String { "\(id) \(route)" }
}
