import Navigation

/// The Clinic tab: Home, and the flows it starts — "My pets" and "Clinic info" pushed on the
/// tab, the appointment questionnaire in a dialog.
@MainActor
public final class HomeCoordinator: Coordinator {
    /// The flows started from Home that are still running.
    public var children: [any Coordinator] = []
    /// The Clinic tab's stack.
    public let router: any Router<AppRoute>
    private let modalRouter: any Router<AppRoute>
    private let services: ClinicServices

    /// Home on `router`; dialogs open through `modalRouter`.
    public init(router: any Router<AppRoute>, modalRouter: any Router<AppRoute>, services: ClinicServices) {
        self.router = router
        self.modalRouter = modalRouter
        self.services = services
    }

    /// Shows Home.
    public func present(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = HomeViewModel()
        let id = router.present(.home, model: model, animated: animated, onDismissed: onDismissed)
        model.onShowPets = { [weak self] in
            guard let self, self.router.isVisible(id) else { return }
            let flow = PetListCoordinator(router: self.router, modalRouter: self.modalRouter, services: self.services)
            self.presentChild(flow, animated: true)
        }
        model.onShowClinicInfo = { [weak self] in
            guard let self, self.router.isVisible(id) else { return }
            self.presentChild(ClinicInfoCoordinator(router: self.router, clinic: self.services.clinic), animated: true)
        }
        model.onScheduleAppointment = { [weak self] in
            guard let self, self.router.isVisible(id), self.modalRouter.pages.isEmpty else { return }
            let flow = PetAppointmentBuilderCoordinator(
                router: self.modalRouter, pets: self.services.pets, log: self.services.appointments)
            self.presentChild(flow, animated: true)
        }
    }
}
