import Navigation

/// Cooking a recipe step by step, on the stack it shares with the recipe and the list. Done
/// (or Stop) dismisses the flow: exactly its own steps leave, and the recipe is visible again.
///
/// Past the first step, the flow guards the cook's place: whatever would end it (Stop, Back
/// from its first page, a link) first asks "Stop cooking?" through `alertRouter`. Back
/// between steps does not ask (the flow stays), and Done on the last step does not either: it
/// `finish`es the flow, which ends it without asking its own guard.
@MainActor
public final class CookingFlow: FlowCoordinator<RecipeRoute> {
    private let recipe: Recipe
    private let firstStep: Int

    /// Cooking `recipe` from `firstStep` on `router`; the question asked through `alertRouter`.
    public init(
        recipe: Recipe, firstStep: Int = 0, router: any Router<RecipeRoute>, alertRouter: any Router<RecipeRoute>
    ) {
        self.recipe = recipe
        self.firstStep = min(max(firstStep, 0), recipe.steps.count - 1)
        super.init(router: router)
        leaveGuard = { [weak self] request in
            // The page the user is on: the top of what would leave.
            guard let self, case .cookingStep(_, let step)? = request.leaving.first?.route, step > 0
            else { return .leave }
            return .ask { [weak self, recipe = self.recipe] in
                // Only the answers are held while the question is open: not this flow, not the question.
                let question = { StopCookingQuestion(recipe: recipe, step: step, router: alertRouter) }
                guard let answers = self?.coordinate(to: question(), animated: false) else { return true }
                return await answers.next() ?? false  // nil: the question was closed
            }
        }
    }

    /// Shows the first step.
    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        showStep(firstStep, animated: animated, onDismissed: onDismissed)
    }

    private func showStep(_ index: Int, animated: Bool, onDismissed: (@MainActor () -> Void)? = nil) {
        let model = CookingStepModel(recipe: recipe, index: index)
        let id = router.present(
            .cookingStep(id: recipe.id, step: index), model: model, animated: animated, onDismissed: onDismissed)
        model.onStop = whenShown(id, model) { flow, _ in flow.dismiss(animated: true) }
        model.onNext = whenShown(id, model) { flow, model in
            if model.isLast {
                flow.finish(animated: true)  // done: nothing to lose, no question
            } else {
                flow.showStep(index + 1, animated: true)
            }
        }
    }
}
