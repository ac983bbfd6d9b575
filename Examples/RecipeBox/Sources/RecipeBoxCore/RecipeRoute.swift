import Navigation

/// Every page of RecipeBox, as data.
public enum RecipeRoute: NavigationRoute {
    /// The list of recipes (the root).
    case recipes
    /// One recipe.
    case recipe(id: String)
    /// A step of cooking a recipe (0-based).
    case cookingStep(id: String, step: Int)
    /// The dialog asking how many people to cook for.
    case servings(id: String)
    /// The alert asking whether to stop cooking (the cook is past the first step).
    case stopCooking(id: String)
}

extension RecipeRoute {
    /// On a window at least 640 pixels wide the recipe list sits beside the chosen recipe.
    public static let splitLayout = SplitLayout<RecipeRoute>(minimumWidth: 640) { $0 == .recipes }
}
