import Gtk
import GtkNavigation
import RecipeBoxCore

/// A page's widgets in a column, with a heading and its main button focused.
@MainActor
private func column(_ heading: String, _ children: [Widget]) -> Box {
    let box = Box(.vertical, spacing: 12)
    box.setAlignment(horizontal: .center, vertical: .center)
    box.append(Label(heading))
    for child in children { box.append(child) }
    return box
}

/// The recipes, one row each.
@MainActor
final class RecipeListView: PageView {
    let widget: Widget
    let initialFocus: Widget?

    init(model: RecipeListModel) {
        let list = ListBox()
        for recipe in model.recipes { list.append(ListBoxRow(child: Label(recipe.name))) }
        list.onRowActivated { [weak model] index in
            guard let model, model.recipes.indices.contains(index) else { return }
            model.onSelect?(model.recipes[index])
        }
        widget = column("Choose a recipe", [list])
        initialFocus = list.rows.first
    }
}

/// A recipe: servings, and buttons to change them and to start cooking.
@MainActor
final class RecipeView: PageView {
    let widget: Widget
    let initialFocus: Widget?
    private let servings = Label()

    init(model: RecipeModel) {
        let cook = Button(label: "Start cooking")
        let change = Button(label: "Change servings")
        cook.onClicked { [weak model] in model?.onCook?() }
        change.onClicked { [weak model] in model?.onChangeServings?() }
        widget = column("\(model.recipe.steps.count) steps", [servings, change, cook])
        initialFocus = cook
        model.onChange = { [weak self, weak model] in if let model { self?.show(model) } }
        show(model)
    }

    private func show(_ model: RecipeModel) { servings.text = "Serves \(model.servings)" }
}

/// One step: what to do, Next (or Done) and Stop.
@MainActor
final class CookingStepView: PageView {
    let widget: Widget
    let initialFocus: Widget?

    init(model: CookingStepModel) {
        let next = Button(label: model.isLast ? "Done" : "Next step")
        let stop = Button(label: "Stop cooking")
        next.onClicked { [weak model] in model?.onNext?() }
        stop.onClicked { [weak model] in model?.onStop?() }
        let instruction = Label(model.instruction)
        instruction.wrapCentered()
        widget = column(model.title, [instruction, next, stop])
        initialFocus = next
    }
}

/// The servings choices, a button each.
@MainActor
final class ServingsView: PageView {
    let widget: Widget
    let initialFocus: Widget?

    init(model: ServingsModel) {
        let buttons = model.choices.map { count in
            let button = Button(label: "\(count)")
            button.onClicked { [weak model] in model?.onChoose?(count) }
            return button
        }
        widget = column("People", buttons)
        initialFocus = buttons.first
    }
}
