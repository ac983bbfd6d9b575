import Navigation
import NavigationTesting
import RecipeBoxCore
import Testing

/// RecipeBox's flows with in-memory hosts: no display, no GTK.
@MainActor
struct App {
    let stackHost = InMemoryHost<RecipeRoute>()
    let dialogHost = InMemoryHost<RecipeRoute>()
    let stack: StackRouter<RecipeRoute>
    let dialog: ModalRouter<RecipeRoute>
    let coordinator: RecipeBoxCoordinator

    init() {
        stack = StackRouter(host: stackHost)
        dialog = ModalRouter(host: dialogHost)
        coordinator = RecipeBoxCoordinator(router: stack, dialogRouter: dialog)
        coordinator.present(animated: false, onDismissed: nil)
    }

    func choose(_ id: String) {
        let list = stackHost.visibleModel(as: RecipeListModel.self)!
        list.onSelect?(list.recipes.first { $0.id == id }!)
    }
}

/// Lets the main actor run what a result resumed.
@MainActor
func settle() async {
    for _ in 0..<10 { await Task.yield() }
}

@MainActor
@Suite("RecipeBox")
struct RecipeBoxTests {
    @Test("choosing a recipe pushes it; Back returns to the list and ends its flow")
    func chooseAndBack() {
        let app = App()
        app.choose("pancakes")
        #expect(app.stack.routes == [.recipes, .recipe(id: "pancakes")])
        #expect(app.stackHost.title == "Pancakes")
        #expect(app.coordinator.children.count == 1)
        app.stackHost.tapBack()
        #expect(app.stack.routes == [.recipes])
        #expect(app.coordinator.children.isEmpty)
    }

    @Test("cooking is a scoped flow: Done on the last step goes back to the recipe, not the list")
    func cookingEndsOnTheRecipe() {
        let app = App()
        app.choose("pancakes")
        app.stackHost.visibleModel(as: RecipeModel.self)!.onCook?()
        for _ in 0..<3 { app.stackHost.visibleModel(as: CookingStepModel.self)!.onNext?() }
        #expect(app.stack.routes == [.recipes, .recipe(id: "pancakes")])
        let recipeFlow = app.coordinator.children.first as? RecipeFlow
        #expect(recipeFlow?.children.isEmpty == true, "the cooking flow was removed from its parent")
    }

    @Test("Stop cooking on any step leaves exactly the steps")
    func stopCooking() {
        let app = App()
        app.choose("tomato-soup")
        app.stackHost.visibleModel(as: RecipeModel.self)!.onCook?()
        app.stackHost.visibleModel(as: CookingStepModel.self)!.onNext?()
        #expect(app.stack.routes.last == .cookingStep(id: "tomato-soup", step: 1))
        app.stackHost.visibleModel(as: CookingStepModel.self)!.onStop?()
        #expect(app.stack.routes == [.recipes, .recipe(id: "tomato-soup")])
    }

    @Test("the servings dialog hands its number back to the recipe; Cancel keeps the old one")
    func servingsResult() async {
        let app = App()
        app.choose("pancakes")
        let recipe = app.stackHost.visibleModel(as: RecipeModel.self)!
        recipe.onChangeServings?()
        #expect(app.dialogHost.isOpen, "the dialog opens at once")
        app.dialogHost.visibleModel(as: ServingsModel.self)!.onChoose?(6)
        await settle()
        #expect(recipe.servings == 6)
        #expect(!app.dialogHost.isOpen)
        recipe.onChangeServings?()
        app.dialogHost.tapClose()
        await settle()
        #expect(recipe.servings == 6)
        #expect(!app.dialogHost.isOpen)
        #expect((app.coordinator.children.first as? RecipeFlow)?.children.isEmpty == true)
    }

    @Test("a link rebuilds the stack the clicks would make, and Back walks it")
    func deepLink() throws {
        let app = App()
        app.choose("tomato-soup")
        let link = try RecipeLink.parse("recipebox://recipe/pancakes/step/2", recipes: Recipe.samples)
        app.coordinator.open(link)
        #expect(app.stack.routes == [.recipes, .recipe(id: "pancakes"), .cookingStep(id: "pancakes", step: 1)])
        #expect(app.coordinator.children.count == 1, "the tomato soup flow ended")
        app.stackHost.visibleModel(as: CookingStepModel.self)!.onNext?()
        app.stackHost.visibleModel(as: CookingStepModel.self)!.onNext?()
        #expect(app.stack.routes == [.recipes, .recipe(id: "pancakes")])
        app.stackHost.tapBack()
        #expect(app.stack.routes == [.recipes])
    }

    @Test(
        "bad links say what is wrong and list the forms",
        arguments: [
            "https://example.com", "recipebox://recipe/cake", "recipebox://recipe/pancakes/step/9", "recipebox://shop",
        ])
    func badLinks(_ text: String) {
        #expect(throws: RecipeLink.ParseError.self) { try RecipeLink.parse(text, recipes: Recipe.samples) }
        do { _ = try RecipeLink.parse(text, recipes: Recipe.samples) } catch {
            #expect(error.description.contains("recipebox://recipe/ID"))
        }
    }

    @Test("every flow is freed when the window's stack goes away")
    func noLeaks() {
        let live = LiveObjects()
        do {
            let app = App()
            app.choose("flatbread")
            app.stackHost.visibleModel(as: RecipeModel.self)!.onCook?()
            for child in app.coordinator.children { live.track(child) }
            live.track(app.coordinator)
            app.stackHost.closeWindow()
            #expect(app.stack.pages.isEmpty)
        }
        #expect(live.liveCount == 0, "alive: \(live.liveTypeNames)")
    }
}
