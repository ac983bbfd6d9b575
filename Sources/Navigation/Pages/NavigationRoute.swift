/// A value naming a page and its parameters, e.g. `case howToCode(step: 2)`.
///
/// Routes are plain data: an app defines its own `enum` of them. Because they are
/// `Codable` and `Hashable`, a back stack of routes can be printed, compared, saved and
/// restored.
public protocol NavigationRoute: Hashable, Codable, Sendable {}
