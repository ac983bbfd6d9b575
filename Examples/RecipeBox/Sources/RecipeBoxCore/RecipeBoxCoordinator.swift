import Navigation

/// The app's root flow: the list of recipes on the window's stack. Choosing a recipe starts
/// a `RecipeFlow` on the same stack; a link rebuilds the stack the way clicks would.
@MainActor
public final class RecipeBoxCoordinator: FlowCoordinator<RecipeRoute> {
    private let dialogRouter: any Router<RecipeRoute>
    private let alertRouter: any Router<RecipeRoute>
    /// The recipes in the box (what links are checked against).
    public let recipes: [Recipe]

    /// The list on `router`; dialogs through `dialogRouter`, alerts through `alertRouter`.
    public init(
        router: any Router<RecipeRoute>, dialogRouter: any Router<RecipeRoute>, alertRouter: any Router<RecipeRoute>,
        recipes: [Recipe] = Recipe.samples
    ) {
        self.dialogRouter = dialogRouter
        self.alertRouter = alertRouter
        self.recipes = recipes
        super.init(router: router)
    }

    /// Shows the list.
    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = RecipeListModel(recipes: recipes)
        let id = router.present(.recipes, model: model, animated: animated, onDismissed: onDismissed)
        // The list is a sidebar on a wide window (`RecipeRoute.splitLayout`): choosing
        // another recipe replaces the one beside it, and whatever was opened from it.
        model.onSelect = whenSelecting(in: id, model, value: Recipe.self) { flow, _, recipe in
            flow.show(recipe, animated: true)
        }
    }

    /// Starts the flow of `recipe` on top of the list.
    @discardableResult
    func show(_ recipe: Recipe, animated: Bool) -> RecipeFlow {
        let flow = RecipeFlow(recipe: recipe, router: router, dialogRouter: dialogRouter, alertRouter: alertRouter)
        presentChild(flow, animated: animated)
        return flow
    }

    /// Opens `link`: back to the list (every running recipe flow ends), then the clicks the
    /// link stands for, with no animation on the way. Going back to the list is a request
    /// (reason `.link`): if cooking is under way its flow asks first, and if the cook keeps
    /// cooking the link is not opened and this returns `false`.
    @discardableResult
    public func open(_ link: RecipeLink) async -> Bool {
        dialogRouter.dismissAll(animated: false)
        guard await router.request(.popTo(.recipes), reason: .link, animated: false) else { return false }
        guard case .recipe(let id, let step) = link, let recipe = recipes.first(where: { $0.id == id }) else {
            return true
        }
        let flow = show(recipe, animated: false)
        if let step { flow.cook(from: step, animated: false) }
        return true
    }
}
