import Navigation

/// The app's pages, as data.
enum HelloRoute: NavigationRoute {
    case hello
    case details(name: String)
}

/// The first page's state and intents: a title and one button.
@MainActor
final class HelloModel: PageModel {
    let title = "Hello"
    var onShowDetails: (@MainActor (String) -> Void)?
}

/// The second page: details about a name.
@MainActor
final class DetailsModel: PageModel {
    let title: String
    init(name: String) { title = "About \(name)" }
}
