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

/// The app's services, created once by `AppCoordinator` and passed down in initializers.
/// No singletons: a test builds its own.
@MainActor
public struct ClinicServices {
    /// Where finished appointment questionnaires go.
    public let appointments: AppointmentLog

    /// Services with the given parts (fresh, empty ones by default).
    public init(appointments: AppointmentLog = AppointmentLog()) {
        self.appointments = appointments
    }
}
