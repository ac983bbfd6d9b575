/// A finished appointment request as stored: its answers, when, and its id.
public struct AppointmentRecord: Identifiable, Equatable, Sendable {
    /// The stored id, unique for the database's life.
    public let id: Int64
    /// When the appointment request was finished (Unix seconds).
    public let time: Int
    /// The answers and the outcome.
    public let request: AppointmentRequest

    /// A record.
    public init(id: Int64, time: Int, request: AppointmentRequest) {
        self.id = id
        self.time = time
        self.request = request
    }
}
