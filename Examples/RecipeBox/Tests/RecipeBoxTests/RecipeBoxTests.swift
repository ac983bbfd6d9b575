import Navigation
import NavigationTesting
import RecipeBoxCore
import Testing

/// RecipeBox's flows with in-memory hosts: no display, no GTK.
@MainActor
struct App {
    let stackHost = InMemoryHost<RecipeRoute>()
    let dialogHost = InMemoryHost<RecipeRoute>()
    let alertHost = InMemoryHost<RecipeRoute>()
    let stack: StackRouter<RecipeRoute>
    let dialog: ModalRouter<RecipeRoute>
    let coordinator: RecipeBoxCoordinator

    init() {
        stack = StackRouter(host: stackHost)
        dialog = ModalRouter(host: dialogHost)
        coordinator = RecipeBoxCoordinator(
            router: stack, dialogRouter: dialog, alertRouter: ModalRouter(host: alertHost))
        coordinator.present(animated: false, onDismissed: nil)
    }

    func choose(_ id: String) {
        let list = stackHost.topModel(as: RecipeListModel.self)!
        list.onSelect?(list.recipes.first { $0.id == id }!)
    }

    /// `id`'s recipe, cooking, on its step `step` (0-based) after pressing Next.
    func cook(_ id: String, to step: Int) {
        choose(id)
        stackHost.topModel(as: RecipeModel.self)!.onCook?()
        for _ in 0..<step { stackHost.topModel(as: CookingStepModel.self)!.onNext?() }
    }

    var step: CookingStepModel { stackHost.topModel(as: CookingStepModel.self)! }
    /// The "Stop cooking?" alert, if open.
    var question: StopCookingModel? { alertHost.topModel(as: StopCookingModel.self) }

    /// Answers the open question and lets the flows act on it.
    func answer(stop: Bool) async {
        question?.onAnswer?(stop)
        await NavigationTesting.settle()
    }
}

extension App {
    /// Waits until the flow work the test started has settled on every host
    /// (NavigationTesting's `settle`).
    func settle() async {
        await NavigationTesting.settle()
    }
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
        app.stackHost.topModel(as: RecipeModel.self)!.onCook?()
        for _ in 0..<3 { app.stackHost.topModel(as: CookingStepModel.self)!.onNext?() }
        #expect(app.stack.routes == [.recipes, .recipe(id: "pancakes")])
        let recipeFlow = app.coordinator.children.first as? RecipeFlow
        #expect(recipeFlow?.children.isEmpty == true, "the cooking flow was removed from its parent")
    }

    @Test("Stop cooking on any step leaves exactly the steps")
    func stopCooking() async {
        let app = App()
        app.cook("tomato-soup", to: 1)
        #expect(app.stack.routes.last == .cookingStep(id: "tomato-soup", step: 1))
        app.step.onStop?()
        await app.settle()
        await app.answer(stop: true)
        #expect(app.stack.routes == [.recipes, .recipe(id: "tomato-soup")])
    }

    @Test("past the first step, Stop asks first; Keep cooking changes nothing")
    func stopAsks() async {
        let app = App()
        app.cook("pancakes", to: 1)
        let before = app.stack.routes
        app.step.onStop?()
        await app.settle()
        #expect(app.question?.body == "You are on step 2 of 3 of Pancakes. Stopping loses your place.")
        #expect(app.stack.routes == before, "nothing leaves while asking")
        await app.answer(stop: false)
        #expect(app.question == nil && app.stack.routes == before)
        #expect(app.alertHost.pages.isEmpty)
    }

    @Test("Back between steps, Stop on the first step and Done never ask")
    func noQuestion() async {
        let app = App()
        app.cook("pancakes", to: 2)
        app.stackHost.tapBack()
        app.stackHost.tapBack()
        #expect(app.question == nil && app.stack.routes.last == .cookingStep(id: "pancakes", step: 0))
        app.step.onStop?()
        #expect(app.question == nil && app.stack.routes.last == .recipe(id: "pancakes"))
        app.stackHost.topModel(as: RecipeModel.self)!.onCook?()
        for _ in 0..<3 { app.step.onNext?() }
        #expect(app.question == nil && app.stack.routes.last == .recipe(id: "pancakes"))
    }

    @Test("a link while cooking asks; Keep cooking keeps the stack and does not open the link")
    func linkAsks() async throws {
        let app = App()
        app.cook("flatbread", to: 1)
        let before = app.stack.routes
        let link = try RecipeLink.parse("recipebox://recipe/pancakes", recipes: Recipe.samples)
        let opened = Task.immediate { await app.coordinator.open(link) }
        await app.settle()
        #expect(app.question != nil)
        await app.answer(stop: false)
        #expect(await opened.value == false)
        #expect(app.stack.routes == before)
        let again = Task.immediate { await app.coordinator.open(link) }
        await app.settle()
        await app.answer(stop: true)
        #expect(await again.value == true)
        #expect(app.stack.routes == [.recipes, .recipe(id: "pancakes")])
    }

    @Test("the servings dialog hands its number back to the recipe; Cancel keeps the old one")
    func servingsResult() async {
        let app = App()
        app.choose("pancakes")
        let recipe = app.stackHost.topModel(as: RecipeModel.self)!
        recipe.onChangeServings?()
        #expect(app.dialogHost.isOpen, "the dialog opens at once")
        app.dialogHost.topModel(as: ServingsModel.self)!.onChoose?(6)
        await app.settle()
        #expect(recipe.servings == 6)
        #expect(!app.dialogHost.isOpen)
        recipe.onChangeServings?()
        app.dialogHost.tapClose()
        await app.settle()
        #expect(recipe.servings == 6)
        #expect(!app.dialogHost.isOpen)
        #expect((app.coordinator.children.first as? RecipeFlow)?.children.isEmpty == true)
    }

    @Test("a link rebuilds the stack the clicks would make, and Back walks it")
    func deepLink() async throws {
        let app = App()
        app.choose("tomato-soup")
        let link = try RecipeLink.parse("recipebox://recipe/pancakes/step/2", recipes: Recipe.samples)
        #expect(await app.coordinator.open(link))
        #expect(app.stack.routes == [.recipes, .recipe(id: "pancakes"), .cookingStep(id: "pancakes", step: 1)])
        #expect(app.coordinator.children.count == 1, "the tomato soup flow ended")
        app.stackHost.topModel(as: CookingStepModel.self)!.onNext?()
        app.stackHost.topModel(as: CookingStepModel.self)!.onNext?()
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
            app.stackHost.topModel(as: RecipeModel.self)!.onCook?()
            for child in app.coordinator.children { live.track(child) }
            live.track(app.coordinator)
            app.stackHost.closeWindow()
            #expect(app.stack.pages.isEmpty)
        }
        #expect(live.liveCount == 0, "alive: \(live.liveTypeNames)")
    }
}
