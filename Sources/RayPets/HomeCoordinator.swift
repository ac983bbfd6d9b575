import Navigation

/// The clinic's home page, and the two flows it starts.
@MainActor
public final class HomeCoordinator: Coordinator {
    /// The flows started from Home that are still running.
    public var children: [any Coordinator] = []
    /// The main window's stack.
    public let router: any Router<AppRoute>
    private let modalRouter: any Router<AppRoute>
    private let services: ClinicServices

    /// Home on `router`; the appointment dialog opens through `modalRouter`.
    public init(router: any Router<AppRoute>, modalRouter: any Router<AppRoute>, services: ClinicServices) {
        self.router = router
        self.modalRouter = modalRouter
        self.services = services
    }

    /// Shows Home.
    public func present(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = HomeViewModel()
        let id = router.present(.home, model: model, animated: animated, onDismissed: onDismissed)
        model.onHowToCode = { [weak self] in
            guard let self, self.router.isVisible(id) else { return }
            self.presentChild(HowToCodeCoordinator(router: self.router), animated: true)
        }
        model.onScheduleAppointment = { [weak self] in
            guard let self, self.router.isVisible(id), self.modalRouter.pages.isEmpty else { return }
            let flow = PetAppointmentBuilderCoordinator(router: self.modalRouter, log: self.services.appointments)
            self.presentChild(flow, animated: true)
        }
    }
}
