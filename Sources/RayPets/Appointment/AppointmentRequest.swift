/// The answers of one completed appointment request.
public struct AppointmentRequest: Equatable, Codable, Sendable {
    /// Which pet it is for.
    public var pet: Pet.ID
    /// Well or sick.
    public var visitType: VisitType
    /// Only for sick visits.
    public var painLevel: PainLevel?
    /// Only when asked.
    public var fakingAnswer: FakingAnswer?
    /// How it ended.
    public var outcome: AppointmentOutcome

    /// A request with these answers.
    public init(
        pet: Pet.ID, visitType: VisitType, painLevel: PainLevel? = nil, fakingAnswer: FakingAnswer? = nil,
        outcome: AppointmentOutcome
    ) {
        self.pet = pet
        self.visitType = visitType
        self.painLevel = painLevel
        self.fakingAnswer = fakingAnswer
        self.outcome = outcome
    }
}
