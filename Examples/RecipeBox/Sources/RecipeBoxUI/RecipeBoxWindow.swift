import Gtk
import GtkNavigation
import Navigation
import RecipeBoxCore

/// The main window: a header bar with Back, the page stack, and dialogs inside it — the
/// library's hosts, routers and `BackNavigation` put together.
@MainActor
public final class RecipeBoxWindow {
    /// The GTK window.
    public let window: Window
    /// The window's page stack.
    public let stackRouter: StackRouter<RecipeRoute>
    /// Dialogs inside the window.
    public let dialogRouter: ModalRouter<RecipeRoute>
    /// Alerts inside the window (over its dialog, if one is open).
    public let alertRouter: ModalRouter<RecipeRoute>
    /// Shows the alerts.
    public let alertHost: GtkAlertHost<RecipeRoute>
    /// The root flow.
    public let coordinator: RecipeBoxCoordinator
    private let stackHost: GtkStackHost<RecipeRoute>
    private let dialogHost: GtkDialogHost<RecipeRoute>
    /// Back (the header bar's button, Alt+Left, the mouse's back button), and Ctrl+W: the
    /// window's close, or in the dialog the dialog's.
    public let navigation: BackNavigation
    /// The open dialog (a card inside the window), if any.
    public var dialog: Widget? { dialogHost.card }
    /// Where the dialog and the alerts open: inside the window, over its header and pages.
    public let layer: ModalLayer

    /// The window of `application` (none in a test), showing the recipe list.
    public init(application: Application?) {
        window = Window(application: application)
        window.setDefaultSize(width: 480, height: 420)
        // Adaptive: the list beside the recipe when wide, one stack with Back when narrow.
        let split = GtkSplitOptions(
            layout: RecipeRoute.splitLayout, placeholder: Label("Choose a recipe."), sidebarWidth: 260)
        stackHost = GtkStackHost(
            window: window, split: split,
            makeView: Self.view(for:))
        let header = HeaderBar()
        layer = ModalLayer(window: window, header: header, content: stackHost.widget)
        dialogHost = GtkDialogHost(layer: layer, makeView: Self.view(for:))
        dialogHost.dialogSize = (360, 420)
        stackRouter = StackRouter(host: stackHost)
        dialogRouter = ModalRouter(host: dialogHost)
        alertHost = GtkAlertHost(layer: layer, makeAlert: Self.alert(for:))
        alertRouter = ModalRouter(host: alertHost)
        navigation = BackNavigation(window: window)
        navigation.follow(stackHost)
        header.packStart(navigation.backButton)
        coordinator = RecipeBoxCoordinator(router: stackRouter, dialogRouter: dialogRouter, alertRouter: alertRouter)
        coordinator.present(animated: false, onDismissed: nil)
    }

    /// The view of a page: the route says which page it is.
    static func view(for page: Page<RecipeRoute>) -> any PageView {
        switch (page.route, page.model) {
        case (.recipes, let model as RecipeListModel): RecipeListView(model: model)
        case (.recipe, let model as RecipeModel): RecipeView(model: model)
        case (.cookingStep, let model as CookingStepModel): CookingStepView(model: model)
        case (.servings, let model as ServingsModel): ServingsView(model: model)
        default: preconditionFailure("\(page.route) was presented with a \(type(of: page.model))")
        }
    }

    /// The alert of an alert route's page: Keep cooking (safe: focused, and what Escape
    /// answers) or Stop (destructive).
    static func alert(for page: Page<RecipeRoute>) -> Alert {
        guard let model = page.model as? StopCookingModel else {
            preconditionFailure("\(page.route) is not an alert")
        }
        let alert = Alert(
            heading: model.title, body: model.body,
            responses: [
                .init(id: "keep", label: "Keep cooking"), .init(id: "stop", label: "Stop", appearance: .destructive),
            ],
            safeResponse: "keep")
        alert.onResponse = { [weak model] id in model?.onAnswer?(id == "stop") }
        return alert
    }
}
