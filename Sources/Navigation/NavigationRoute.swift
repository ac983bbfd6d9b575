/// A value naming a screen and its parameters, e.g. `case howToCode(step: 2)`.
///
/// Routes are plain data: an app defines its own `enum` of them. Because they are
/// `Codable` and `Hashable`, a back stack of routes can be printed, compared, saved and
/// restored.
public protocol NavigationRoute: Hashable, Codable, Sendable {}

/// The state and intents of one screen. Views bind to it; coordinators create it.
///
/// The only thing navigation needs from it is a title, shown in the header bar (and the
/// window title) while its page is visible.
@MainActor
public protocol PageModel: AnyObject {
    /// The page's title, e.g. "Pain level".
    var title: String { get }
}
