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
