/// A `recipebox://` link: a place in the app a launcher or another app can open.
///
/// - `recipebox://recipes`: the list.
/// - `recipebox://recipe/ID`: a recipe.
/// - `recipebox://recipe/ID/step/N`: cooking a recipe, at step N (from 1).
public enum RecipeLink: Equatable, Sendable {
    /// The list.
    case recipes
    /// A recipe, and the step being cooked (0-based), if any.
    case recipe(id: String, step: Int?)

    /// The forms a link can take.
    public static let forms = ["recipebox://recipes", "recipebox://recipe/ID", "recipebox://recipe/ID/step/N"]

    /// What is wrong with a link.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        /// The message, naming the link and the valid forms.
        public let description: String
    }

    /// Parses `text`, checking recipe ids against `recipes` and step numbers against its steps.
    public static func parse(_ text: String, recipes: [Recipe]) throws(ParseError) -> RecipeLink {
        func fail(_ why: String) -> ParseError {
            ParseError(description: "\(text): \(why). Links look like \(forms.joined(separator: ", ")).")
        }
        let scheme = "recipebox://"
        guard text.lowercased().hasPrefix(scheme) else { throw fail("not a recipebox:// link") }
        let parts = text.dropFirst(scheme.count).split(separator: "/", omittingEmptySubsequences: false).map(
            String.init)
        switch parts.count {
        case 1 where parts[0] == "recipes":
            return .recipes
        case 2 where parts[0] == "recipe", 4 where parts[0] == "recipe" && parts[2] == "step":
            guard let recipe = recipes.first(where: { $0.id == parts[1] }) else {
                throw fail("there is no recipe \"\(parts[1])\"")
            }
            guard parts.count == 4 else { return .recipe(id: recipe.id, step: nil) }
            guard let step = Int(parts[3]), (1...recipe.steps.count).contains(step) else {
                throw fail("\(recipe.name) has steps 1 to \(recipe.steps.count)")
            }
            return .recipe(id: recipe.id, step: step - 1)
        default:
            throw fail("unknown place")
        }
    }
}
