import Navigation

/// The home page: a greeting and the clinic's two actions.
@MainActor
public final class HomeModel: AppPageModel {
    /// "RayPets".
    public let title = L("RayPets")
    /// The greeting above the actions.
    public let greeting = L("Welcome to the RayPets clinic")
    /// What the clinic offers.
    public let subtitle = L("Book a visit, look after your pets' details, or check when we are open.")
    /// Label of the appointment action.
    public let scheduleTitle = L("Schedule appointment")
    /// Label of the pets action.
    public let petsTitle = L("My pets")
    /// Label of the clinic-info action.
    public let clinicInfoTitle = L("Clinic info")

    /// Set by the coordinator: the user wants to schedule an appointment.
    public var onScheduleAppointment: (@MainActor () -> Void)?
    /// Set by the coordinator: the user wants to see their pets.
    public var onShowPets: (@MainActor () -> Void)?
    /// Set by the coordinator: the user wants the clinic's details.
    public var onShowClinicInfo: (@MainActor () -> Void)?

    /// `.home`.
    public var kind: PageKind { .home(self) }

    /// A home page model with no actions wired yet.
    public init() {}

    /// Intent: schedule an appointment.
    public func scheduleAppointment() { onScheduleAppointment?() }
    /// Intent: show the pets.
    public func showPets() { onShowPets?() }
    /// Intent: show the clinic's details.
    public func showClinicInfo() { onShowClinicInfo?() }
}
