import Navigation

/// "Cook for how many?" in a dialog: hands the number back to the flow that asked.
@MainActor
public final class ServingsFlow: FlowCoordinator<RecipeRoute>, ResultCoordinator {
    /// The number chosen; `nil` for the asker if the dialog is cancelled.
    public let results = ResultChannel<Int>()
    private let recipe: Recipe

    /// Asks for `recipe`, in a dialog on `router`.
    public init(recipe: Recipe, router: any Router<RecipeRoute>) {
        self.recipe = recipe
        super.init(router: router)
    }

    /// Opens the dialog.
    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = ServingsModel()
        let id = router.present(.servings(id: recipe.id), model: model, animated: animated, onDismissed: onDismissed)
        model.onChoose = whenShown(id, model, value: Int.self) { flow, _, servings in
            flow.results.send(servings)
            flow.finish(animated: true)
        }
    }
}
