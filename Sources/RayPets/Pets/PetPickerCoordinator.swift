import Navigation

/// "Which pet?": a list of the pets; sends the chosen one. Its page stays on screen after
/// the choice, so the flow that started it can show more pages above it, and the user can
/// come back and choose again (the starter gets each new choice from `results.next()`).
/// With no pets it offers Add pet: the editor opens on the same router (in the dialog).
@MainActor
public final class PetPickerCoordinator: FlowCoordinator<AppRoute>, ResultCoordinator {
    /// Sends each chosen pet.
    public let results = ResultChannel<Pet>()
    private let data: ClinicData
    private let questions: Questions

    /// A picker over `data`'s pets, shown through `router`; its editor asks through `questions`.
    public init(router: any Router<AppRoute>, data: ClinicData, questions: Questions) {
        self.data = data
        self.questions = questions
        super.init(router: router)
    }

    /// Shows the list; `onDismissed` runs when the list's page leaves.
    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = PetListModel(
            title: L("Which pet?"), prompt: L("Who is the appointment for?"), data: data, addAction: .whenEmpty)
        let id = router.present(.petPicker, model: model, animated: animated, onDismissed: onDismissed)
        model.onSelect = whenShown(id, model, value: Pet.self, named: "choose-pet") { picker, _, pet in
            picker.results.send(pet)
        }
        model.onAdd = whenShown(id, model, named: "add-pet") { picker, _ in
            picker.presentChild(
                PetEditorCoordinator(router: picker.router, data: picker.data, questions: picker.questions, pet: nil),
                animated: true)
        }
    }
}
