import Navigation

/// "My pets": the list, and a pet's details when a row is chosen. From the details, "Clinic
/// info" opens the clinic-info flow in a dialog — the same flow Home pushes onto the tab: the
/// parent decides how a sub-flow is shown, the sub-flow's code is the same.
@MainActor
public final class PetListCoordinator: FlowCoordinator<AppRoute> {
    private let modalRouter: any Router<AppRoute>
    private let services: ClinicServices

    /// The list on `router`; dialogs through `modalRouter`.
    public init(router: any Router<AppRoute>, modalRouter: any Router<AppRoute>, services: ClinicServices) {
        self.modalRouter = modalRouter
        self.services = services
        super.init(router: router)
    }

    /// Shows the list; `onDismissed` runs when the list's page leaves (the flow's end).
    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = PetListViewModel(
            title: L("My pets"), prompt: L("Choose a pet to see its details."), store: services.pets)
        let id = router.present(.pets, model: model, animated: animated, onDismissed: onDismissed)
        model.onSelect = whenVisible(id) { flow, pet in flow.showDetails(of: pet) }
    }

    private func showDetails(of pet: Pet) {
        let model = DetailsViewModel(
            title: pet.name,
            summary: L("{pet} is {age} old.", ["pet": pet.name, "age": pet.ageText]),
            rows: [
                .init(label: L("Species"), value: pet.species.title),
                .init(label: L("Age"), value: pet.ageText),
            ],
            actionTitle: L("Clinic info"))
        let id = router.present(.petDetail(pet.id), model: model, animated: true, onDismissed: nil)
        model.onAction = whenVisible(id) { flow in
            guard flow.modalRouter.pages.isEmpty else { return }
            flow.presentChild(
                ClinicInfoCoordinator(router: flow.modalRouter, clinic: flow.services.clinic), animated: true)
        }
    }
}
