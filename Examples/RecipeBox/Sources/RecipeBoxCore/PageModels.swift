import Navigation

/// The list of recipes: the user picks one.
@MainActor
public final class RecipeListModel: PageModel {
    /// "Recipes".
    public let title = "Recipes"
    /// The recipes, in order.
    public let recipes: [Recipe]
    /// The user chose a recipe.
    public var onSelect: (@MainActor (Recipe) -> Void)?

    /// A list of `recipes`.
    public init(recipes: [Recipe]) { self.recipes = recipes }
}

/// One recipe: how many it is cooked for, and the ways on.
@MainActor
public final class RecipeModel: PageModel {
    /// The recipe.
    public let recipe: Recipe
    /// How many people it is cooked for; the view shows it.
    public var servings: Int { didSet { onChange?() } }
    /// The recipe's name.
    public var title: String { recipe.name }
    /// The user wants to start cooking.
    public var onCook: (@MainActor () -> Void)?
    /// The user wants to change the servings.
    public var onChangeServings: (@MainActor () -> Void)?
    /// Set by the view: the model changed.
    public var onChange: (@MainActor () -> Void)?

    /// The page of `recipe`, as written.
    public init(recipe: Recipe) {
        self.recipe = recipe
        servings = recipe.serves
    }
}

/// One cooking step.
@MainActor
public final class CookingStepModel: PageModel {
    /// "Step 2 of 3".
    public let title: String
    /// What to do.
    public let instruction: String
    /// Whether this is the last step (its button says "Done").
    public let isLast: Bool
    /// The user is ready for the next step (or done, on the last).
    public var onNext: (@MainActor () -> Void)?
    /// The user stops cooking: back to the recipe.
    public var onStop: (@MainActor () -> Void)?

    /// Step `index` of `recipe`.
    public init(recipe: Recipe, index: Int) {
        title = "Step \(index + 1) of \(recipe.steps.count)"
        instruction = recipe.steps[index]
        isLast = index == recipe.steps.count - 1
    }
}

/// The "Stop cooking?" alert.
@MainActor
public final class StopCookingModel: PageModel {
    /// "Stop cooking?".
    public let title = "Stop cooking?"
    /// Where the cook is, and what stopping loses.
    public let body: String
    /// The answer: `true` stops cooking.
    public var onAnswer: (@MainActor (Bool) -> Void)?

    /// The question while cooking `recipe`, on `step` (0-based).
    public init(recipe: Recipe, step: Int) {
        body = "You are on step \(step + 1) of \(recipe.steps.count) of \(recipe.name). Stopping loses your place."
    }
}

/// The servings dialog: a few choices.
@MainActor
public final class ServingsModel: PageModel {
    /// "Cook for how many?".
    public let title = "Cook for how many?"
    /// The choices offered.
    public let choices = [1, 2, 4, 6, 8]
    /// The user chose.
    public var onChoose: (@MainActor (Int) -> Void)?

    /// The dialog's model.
    public init() {}
}
