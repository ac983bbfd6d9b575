import Navigation

/// Cooking a recipe step by step, on the stack it shares with the recipe and the list. Done
/// (or Stop) dismisses the flow: exactly its own steps leave, and the recipe is visible again.
@MainActor
public final class CookingFlow: FlowCoordinator<RecipeRoute> {
    private let recipe: Recipe
    private let firstStep: Int

    /// Cooking `recipe` from `firstStep` on `router`.
    public init(recipe: Recipe, firstStep: Int = 0, router: any Router<RecipeRoute>) {
        self.recipe = recipe
        self.firstStep = min(max(firstStep, 0), recipe.steps.count - 1)
        super.init(router: router)
    }

    /// Shows the first step.
    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        showStep(firstStep, animated: animated, onDismissed: onDismissed)
    }

    private func showStep(_ index: Int, animated: Bool, onDismissed: (@MainActor () -> Void)? = nil) {
        let model = CookingStepModel(recipe: recipe, index: index)
        let id = router.present(
            .cookingStep(id: recipe.id, step: index), model: model, animated: animated, onDismissed: onDismissed)
        model.onStop = whenVisible(id) { flow in flow.dismiss(animated: true) }
        model.onNext = whenVisible(id) { flow in
            if model.isLast { flow.dismiss(animated: true) } else { flow.showStep(index + 1, animated: true) }
        }
    }
}
