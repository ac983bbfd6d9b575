import Navigation

/// The Clinic tab: Home, and the flows it starts — "My pets" and "Clinic info" pushed on the
/// tab, the appointment request in a dialog.
@MainActor
public final class HomeCoordinator: FlowCoordinator<AppRoute> {
    private let dialogRouter: any Router<AppRoute>
    private let services: ClinicServices

    /// Home on `router`; dialogs open through `dialogRouter`.
    public init(router: any Router<AppRoute>, dialogRouter: any Router<AppRoute>, services: ClinicServices) {
        self.dialogRouter = dialogRouter
        self.services = services
        super.init(router: router)
    }

    /// Shows Home.
    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = HomeModel()
        let id = router.present(.home, model: model, animated: animated, onDismissed: onDismissed)
        model.onShowPets = whenShown(id, model, named: "my-pets") { home, _ in
            home.presentChild(
                PetListCoordinator(router: home.router, dialogRouter: home.dialogRouter, services: home.services),
                animated: true)
        }
        model.onShowClinicInfo = whenShown(id, model, named: "clinic-info") { home, _ in
            home.presentChild(ClinicInfoCoordinator(router: home.router, clinic: home.services.clinic), animated: true)
        }
        model.onScheduleAppointment = whenShown(id, model, named: "schedule-appointment") { home, _ in
            guard home.dialogRouter.pages.isEmpty else { return }
            home.presentChild(
                AppointmentRequestCoordinator(
                    router: home.dialogRouter, data: home.services.data, feedback: home.services.feedback,
                    questions: home.services.questions),
                animated: true)
        }
    }
}
