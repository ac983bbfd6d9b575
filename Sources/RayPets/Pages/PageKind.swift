import Navigation

/// Every kind of page RayPets shows, each with its model. A view factory switches over
/// it exhaustively (a new kind of page without a view does not compile), and the deep-link
/// replay performs intents through it — no chains of downcasts.
@MainActor
public enum PageKind {
    /// Home: a greeting and the clinic's actions.
    case home(HomeModel)
    /// A message with one action.
    case message(MessageModel)
    /// A question with a button per answer.
    case choice(any ChoiceModel)
    /// A list of pets to choose from.
    case petList(PetListModel)
    /// A two-column table of facts.
    case details(DetailsModel)
    /// A pet's page: details, history and actions.
    case petDetails(PetDetailsModel)
    /// The pet editor.
    case petEditor(PetEditorModel)
}

/// A RayPets page model: it says which kind of page it is.
@MainActor
public protocol AppPageModel: PageModel {
    /// This model's kind of page.
    var kind: PageKind { get }
}

extension Page {
    /// The page's kind; `nil` for a model that is not a RayPets `AppPageModel`.
    public var kind: PageKind? { (model as? any AppPageModel)?.kind }
}
