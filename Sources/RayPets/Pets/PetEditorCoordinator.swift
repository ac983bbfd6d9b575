import Navigation

/// The pet editor as a flow of one page, wherever its parent shows it (pushed on My pets, or
/// inside the appointment dialog): a new pet, or an existing pet's fields. It sends the saved
/// pet and ends; Back, Cancel or closing ends it with nothing saved.
@MainActor
public final class PetEditorCoordinator: FlowCoordinator<AppRoute>, ResultCoordinator {
    /// Sends the saved pet.
    public let results = ResultChannel<Pet>()
    private let data: ClinicData
    private let pet: Pet?

    /// An editor for a new pet (`pet: nil`) or for `pet`, shown through `router`, saving into `data`.
    public init(router: any Router<AppRoute>, data: ClinicData, pet: Pet?) {
        self.data = data
        self.pet = pet
        super.init(router: router)
    }

    /// Shows the editor; `onDismissed` runs when it leaves.
    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = PetEditorViewModel(pet: pet, data: data)
        let route: AppRoute = pet.map { .editPet($0.id) } ?? .addPet
        let id = router.present(route, model: model, animated: animated, onDismissed: onDismissed)
        model.onSave = { [weak self] (draft: PetDraft) throws(StoreError) in
            guard let self, self.router.isVisible(id) else { return }
            let saved: Pet
            if let pet = self.pet {
                saved = try self.data.update(pet.id, with: draft)
            } else {
                saved = try self.data.add(draft)
            }
            self.results.send(saved)
            self.dismiss(animated: true)
        }
    }
}
