/// Finished appointment questionnaires, newest last. In memory for now.
@MainActor
public final class AppointmentLog {
    /// Everything recorded so far.
    public private(set) var requests: [AppointmentRequest] = []

    /// An empty log.
    public init() {}

    /// Records a finished questionnaire.
    public func record(_ request: AppointmentRequest) { requests.append(request) }
}

/// The app's services, created once by the app and passed down in initializers.
/// No singletons: a test builds its own, with fakes where it wants them.
@MainActor
public struct ClinicServices {
    /// The user's pets.
    public let pets: any PetStore
    /// Where finished appointment questionnaires go.
    public let appointments: AppointmentLog
    /// The settings file (the welcome flag).
    public let settings: SettingsStore
    /// The clinic's address, phone and opening hours.
    public let clinic: ClinicInfo

    /// Services with the given parts.
    public init(
        pets: any PetStore = InMemoryPetStore(), appointments: AppointmentLog = AppointmentLog(),
        settings: SettingsStore, clinic: ClinicInfo = .rayPets
    ) {
        self.pets = pets
        self.appointments = appointments
        self.settings = settings
        self.clinic = clinic
    }
}
