/// A recipe: a name, how many it serves, and its steps.
public struct Recipe: Hashable, Sendable, Identifiable {
    /// A short id used in routes and links (`pancakes`).
    public let id: String
    /// The name shown in the list and as the title.
    public let name: String
    /// How many people the recipe serves as written.
    public let serves: Int
    /// The cooking steps, in order.
    public let steps: [String]

    /// A recipe.
    public init(id: String, name: String, serves: Int, steps: [String]) {
        self.id = id
        self.name = name
        self.serves = serves
        self.steps = steps
    }

    /// The recipes every RecipeBox starts with.
    public static let samples: [Recipe] = [
        Recipe(
            id: "pancakes", name: "Pancakes", serves: 4,
            steps: [
                "Whisk flour, milk, eggs and a pinch of salt.", "Rest the batter for ten minutes.",
                "Fry thin pancakes in a hot, buttered pan.",
            ]),
        Recipe(
            id: "tomato-soup", name: "Tomato soup", serves: 2,
            steps: [
                "Soften an onion in olive oil.", "Add tomatoes and stock; simmer for twenty minutes.",
                "Blend, season and serve.",
            ]),
        Recipe(
            id: "flatbread", name: "Flatbread", serves: 6,
            steps: [
                "Mix flour, water, yoghurt and salt into a soft dough.", "Roll out six rounds.",
                "Cook each in a dry pan until it puffs.",
            ]),
    ]
}
