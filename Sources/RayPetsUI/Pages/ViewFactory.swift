import GtkNavigation
import Navigation
import RayPets

/// Builds the GTK view for a RayPets page from its model. The only place that knows which
/// view shows which kind of page; pages never reference each other.
@MainActor
public enum ViewFactory {
    /// The view for `page`: one case per `PageKind`, so a new kind of page without a view does
    /// not compile.
    public static func makeView(for page: Page<AppRoute>) -> any PageView {
        switch page.kind {
        case .home(let model): HomeView(model: model)
        case .message(let model): MessageView(model: model)
        case .choice(let model): ChoiceView(model: model)
        case .petList(let model): PetListView(model: model)
        case .details(let model): DetailsView(model: model)
        case .petDetails(let model): PetDetailsView(model: model)
        case .petEditor(let model): PetEditorView(model: model)
        case nil: UnknownPageView(description: page.route.token)
        }
    }
}
