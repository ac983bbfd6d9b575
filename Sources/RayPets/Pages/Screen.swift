import Navigation

/// Every kind of page RayPets shows, each with its view model. A view factory switches over
/// it exhaustively (a new kind of page without a view does not compile), and the deep-link
/// replay performs intents through it — no chains of downcasts.
@MainActor
public enum Screen {
    /// Home: a greeting and the clinic's actions.
    case home(HomeViewModel)
    /// A message with one action.
    case message(MessageViewModel)
    /// A question with a button per answer.
    case choice(any ChoiceModel)
    /// A list of pets to choose from.
    case petList(PetListViewModel)
    /// A two-column table of facts.
    case details(DetailsViewModel)
    /// A pet's page: details, history and actions.
    case petDetails(PetDetailsViewModel)
    /// The pet editor.
    case petEditor(PetEditorViewModel)
}

/// A RayPets page model: it says which kind of screen it is.
@MainActor
public protocol ScreenModel: PageModel {
    /// This model's kind of screen.
    var screen: Screen { get }
}

extension Page {
    /// The page's screen; `nil` for a model that is not a RayPets `ScreenModel`.
    public var screen: Screen? { (model as? any ScreenModel)?.screen }
}
