/// What a tab host tells its `TabRouter` about the user.
@MainActor
public protocol TabHostDelegate<Tab>: AnyObject {
    /// The app's tab type.
    associatedtype Tab: Hashable
    /// The user switched to `tab` (clicked its switcher button).
    func tabHostDidSelect(_ tab: Tab)
}
