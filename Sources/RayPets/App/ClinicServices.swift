/// The app's services, created once by the app and passed down in initializers.
/// No singletons: a test builds its own, with fakes where it wants them.
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

    /// Services with the given parts; by default the records are in a new in-memory database
    /// holding the sample pets.
    public init(
        data: ClinicData = ClinicData(store: ClinicDatabase.inMemory()), settings: SettingsStore,
        clinic: ClinicInfo = .rayPets, feedback: any Feedback = FeedbackLog(), questions: Questions
    ) {
        self.data = data
        self.settings = settings
        self.clinic = clinic
        self.feedback = feedback
        self.questions = questions
    }
}
