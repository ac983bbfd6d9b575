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
