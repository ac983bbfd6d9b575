import Navigation

/// "Clinic info" -> "Opening hours". Shown pushed on a tab or in a dialog, depending on the
/// router its parent gives it; its own code is the same either way.
@MainActor
public final class ClinicInfoCoordinator: FlowCoordinator<AppRoute> {
    private let clinic: ClinicInfo

    /// The flow over `router` (a tab's stack, or the dialog's), showing `clinic`.
    public init(router: any Router<AppRoute>, clinic: ClinicInfo) {
        self.clinic = clinic
        super.init(router: router)
    }

    /// Shows "Clinic info"; `onDismissed` runs when that page leaves.
    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = MessageModel(
            title: L("Clinic info"),
            message: L(
                "{name}\n{address}\nPhone {phone}",
                ["name": clinic.name, "address": clinic.address, "phone": clinic.phone]),
            actionTitle: L("Opening hours"))
        let id = router.present(.clinicInfo, model: model, animated: animated, onDismissed: onDismissed)
        model.onAction = whenShown(id, model, named: "opening-hours") { flow, _ in flow.showOpeningHours() }
    }

    private func showOpeningHours() {
        let model = DetailsModel(
            title: L("Opening hours"),
            summary: L("When you can visit {clinic}.", ["clinic": clinic.name]),
            rows: clinic.openingHours.map { .init(label: $0.days, value: $0.hours) })
        router.present(.openingHours, model: model, animated: true, onDismissed: nil)
    }
}
