/// A value naming a page and its parameters, e.g. `case howToCode(step: 2)`.
///
/// Routes are plain data: an app defines its own `enum` of them. Because they are
/// `Codable` and `Hashable`, a back stack of routes can be printed, compared, saved and
/// restored.
///
/// A route is recorded in the navigation journal as it is (`NavigationJournal`), which holds
/// no typed text only if no route does: give a route ids, never what the user typed (a pet's
/// id, `case petDetail(Pet.ID)`, not its name or a search's words; keep the text in the page's
/// model).
public protocol NavigationRoute: Hashable, Codable, Sendable {}
