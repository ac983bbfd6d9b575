import Navigation

/// One recipe's page, and what starts from it: cooking (a sub-flow on the same stack) and
/// the servings dialog (a child flow with a typed result).
@MainActor
public final class RecipeFlow: FlowCoordinator<RecipeRoute> {
    /// The recipe.
    public let recipe: Recipe
    private let dialogRouter: any Router<RecipeRoute>
    private let alertRouter: any Router<RecipeRoute>
    /// The recipe page's model, once shown.
    public private(set) var model: RecipeModel?

    /// The flow of `recipe` on `router`; the servings dialog through `dialogRouter`, alerts
    /// through `alertRouter`.
    public init(
        recipe: Recipe, router: any Router<RecipeRoute>, dialogRouter: any Router<RecipeRoute>,
        alertRouter: any Router<RecipeRoute>
    ) {
        self.recipe = recipe
        self.dialogRouter = dialogRouter
        self.alertRouter = alertRouter
        super.init(router: router)
    }

    /// Shows the recipe.
    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = RecipeModel(recipe: recipe)
        self.model = model
        let id = router.present(.recipe(id: recipe.id), model: model, animated: animated, onDismissed: onDismissed)
        model.onCook = whenShown(id, model) { flow, _ in flow.cook(from: 0, animated: true) }
        model.onChangeServings = whenShown(id, model) { flow, _ in flow.askServings() }
    }

    /// Starts cooking at `step`: the steps are pushed on this stack, and when cooking ends
    /// the stack is back on this recipe — not on the list below it.
    func cook(from step: Int, animated: Bool) {
        presentChild(
            CookingFlow(recipe: recipe, firstStep: step, router: router, alertRouter: alertRouter), animated: animated)
    }

    /// Asks how many to cook for, in a dialog; Cancel keeps the servings as they were. The
    /// task waits on the results, not on this flow, so it keeps neither flow alive.
    func askServings() {
        let results = coordinate(to: ServingsFlow(recipe: recipe, router: dialogRouter))
        Task.immediate { [weak self] in
            guard let servings = await results.next() else { return }
            self?.model?.servings = servings
        }
    }
}
