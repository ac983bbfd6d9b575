/// What a window's flows are given, passed down in initializers: the services every window
/// shares (the records, the settings, the clinic; the `AppCoordinator` owns them) and the
/// window's own feedback and questions. No singletons: a test builds its own, with fakes
/// where it wants them.
@MainActor
public struct ClinicServices {
    /// The clinic's records: the pets and their appointment request history.
    public let data: ClinicData
    /// The settings file (the welcome flag).
    public let settings: SettingsStore
    /// The clinic's address, phone and opening hours.
    public let clinic: ClinicInfo
    /// Notices and toasts (the main window, or a log).
    public let feedback: any Feedback
    /// "Discard changes?" alerts, asked by the leave guards of flows with unsaved work.
    public let questions: Questions
    /// Every window (the `AppCoordinator`), for what one window asks of the others; `nil`
    /// when the flows run in one window on their own (a test's).
    public private(set) weak var windows: (any AllWindows)?

    /// Services with the given parts; by default the records are in a new in-memory database
    /// holding the sample pets.
    public init(
        data: ClinicData = ClinicData(store: ClinicDatabase.inMemory()), settings: SettingsStore,
        clinic: ClinicInfo = .rayPets, feedback: any Feedback = FeedbackLog(), questions: Questions,
        windows: (any AllWindows)? = nil
    ) {
        self.windows = windows
        self.data = data
        self.settings = settings
        self.clinic = clinic
        self.feedback = feedback
        self.questions = questions
    }
}
