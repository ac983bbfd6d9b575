import Navigation

/// The home page: a greeting and the clinic's two actions.
@MainActor
public final class HomeViewModel: PageModel {
    /// "RayPets".
    public let title = "RayPets"
    /// The greeting above the actions.
    public let greeting = "Welcome to the RayPets clinic"
    /// What the clinic offers.
    public let subtitle = "Book a visit for your pet, or learn how we write this app."
    /// Label of the appointment action.
    public let scheduleTitle = "Schedule appointment"
    /// Label of the How-to-code action.
    public let howToCodeTitle = "How to code"

    /// Set by the coordinator: the user wants to schedule an appointment.
    public var onScheduleAppointment: (@MainActor () -> Void)?
    /// Set by the coordinator: the user wants the How-to-code flow.
    public var onHowToCode: (@MainActor () -> Void)?

    /// A home page model with no actions wired yet.
    public init() {}

    /// Intent: schedule an appointment.
    public func scheduleAppointment() { onScheduleAppointment?() }
    /// Intent: start How to code.
    public func howToCode() { onHowToCode?() }
}
