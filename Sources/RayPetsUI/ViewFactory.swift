import GtkNavigation
import Navigation
import RayPets

/// Builds the GTK view for a RayPets page from its model. The only place that knows which
/// view shows which model; screens never reference each other.
@MainActor
public enum ViewFactory {
    /// The view for `page`.
    public static func makeView(for page: Page<AppRoute>) -> any PageView {
        switch page.model {
        case let model as HomeViewModel: HomeView(model: model)
        case let model as MessageViewModel: MessageView(model: model)
        case let model as any ChoiceModel: ChoiceView(model: model)
        case let model as PetListViewModel: PetListView(model: model)
        case let model as DetailsViewModel: DetailsView(model: model)
        default: UnknownPageView(description: "\(page.route)")
        }
    }
}
