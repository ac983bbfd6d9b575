import Navigation

/// The appointment questionnaire, in a modal dialog:
///
///     visit type ── Well ─────────────────────────────► No appointment required ─ Okay ─► done
///         └── Sick ─► pain level ── Moderate and up ──►        ▲
///                        └── None / A little ─► Faking it? ─ It's not fake ┘
///                                                   └── It's fake ─► done
///
/// A `PetAppointmentBuilder` collects the answers; a finished questionnaire is recorded in
/// the `AppointmentLog`. Cancel or closing the dialog discards the answers.
@MainActor
public final class PetAppointmentBuilderCoordinator: Coordinator {
    /// No child flows.
    public var children: [any Coordinator] = []
    /// The dialog's router.
    public let router: any Router<AppRoute>
    /// The answers so far.
    public let builder = PetAppointmentBuilder()
    private let log: AppointmentLog

    /// A questionnaire shown through `router` (a `ModalRouter`), recording into `log`.
    public init(router: any Router<AppRoute>, log: AppointmentLog) {
        self.router = router
        self.log = log
    }

    /// Opens the dialog on the visit-type page; `onDismissed` runs when the dialog closes.
    public func present(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = ChoiceViewModel<VisitType>(title: "Visit type", prompt: "Is your pet well or sick?")
        let id = router.present(.visitType, model: model, animated: animated, onDismissed: onDismissed)
        model.onSelect = { [weak self] visitType in
            guard let self, self.router.isVisible(id) else { return }
            self.builder.visitType = visitType
            switch visitType {
            case .well: self.showNoAppointmentRequired()
            case .sick: self.showPainLevel()
            }
        }
    }

    private func showPainLevel() {
        let model = ChoiceViewModel<PainLevel>(title: "Pain level", prompt: "How much pain is your pet in?")
        let id = router.present(.painLevel, model: model, animated: true, onDismissed: nil)
        model.onSelect = { [weak self] level in
            guard let self, self.router.isVisible(id) else { return }
            self.builder.painLevel = level
            if level.mightBeFaking { self.showFakingIt() } else { self.showNoAppointmentRequired() }
        }
    }

    private func showFakingIt() {
        let model = ChoiceViewModel<FakingAnswer>(
            title: "Faking it?", prompt: "Pets sometimes fake it for attention. Could yours be faking it?")
        let id = router.present(.fakingIt, model: model, animated: true, onDismissed: nil)
        model.onSelect = { [weak self] answer in
            guard let self, self.router.isVisible(id) else { return }
            self.builder.fakingAnswer = answer
            switch answer {
            case .fake: self.finish(.fakingIt)
            case .notFake: self.showNoAppointmentRequired()
            }
        }
    }

    private func showNoAppointmentRequired() {
        let model = MessageViewModel(
            title: "No appointment required",
            message: "No appointment required. Keep an eye on your pet and call us if anything changes.",
            actionTitle: "Okay")
        let id = router.present(.noAppointmentRequired, model: model, animated: true, onDismissed: nil)
        model.onAction = { [weak self] in
            guard let self, self.router.isVisible(id) else { return }
            self.finish(.noAppointmentRequired)
        }
    }

    private func finish(_ outcome: AppointmentOutcome) {
        if let request = builder.build(outcome: outcome) { log.record(request) }
        dismiss(animated: true)
    }
}
