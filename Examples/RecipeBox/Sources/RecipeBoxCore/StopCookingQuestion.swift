import Navigation

/// "Stop cooking?" in an alert: a child flow whose result is the answer. `true` stops;
/// `false` (or no answer: the alert went away) keeps cooking.
@MainActor
public final class StopCookingQuestion: FlowCoordinator<RecipeRoute>, ResultCoordinator {
    /// The answer.
    public let results = ResultChannel<Bool>()
    private let recipe: Recipe
    private let step: Int

    /// Asks about cooking `recipe`, now on `step` (0-based), through `router` (the alerts').
    public init(recipe: Recipe, step: Int, router: any Router<RecipeRoute>) {
        self.recipe = recipe
        self.step = step
        super.init(router: router)
    }

    /// Shows the alert.
    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = StopCookingModel(recipe: recipe, step: step)
        let id = router.present(.stopCooking(id: recipe.id), model: model, animated: false, onDismissed: onDismissed)
        model.onAnswer = whenShown(id, model, value: Bool.self) { flow, _, stop in
            flow.results.send(stop)
            flow.finish(animated: false)
        }
    }
}
