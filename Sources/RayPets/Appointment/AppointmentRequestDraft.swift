/// An appointment request being answered, one page at a time.
///
/// One draft lives for one run of the dialog. Cancel throws it away with its answers;
/// only a finished appointment request becomes an `AppointmentRequest`.
@MainActor
public final class AppointmentRequestDraft {
    /// The pet, once chosen.
    public var pet: Pet?
    /// Well or sick, once chosen.
    public var visitType: VisitType?
    /// Pain level, once chosen.
    public var painLevel: PainLevel?
    /// The "Faking it?" answer, once chosen.
    public var fakingAnswer: FakingAnswer?

    /// A draft with no answers.
    public init() {}

    /// The finished request, or `nil` if the pet or the visit type was never chosen.
    public func finished(outcome: AppointmentOutcome) -> AppointmentRequest? {
        guard let pet, let visitType else { return nil }
        return AppointmentRequest(
            pet: pet.id, visitType: visitType, painLevel: painLevel, fakingAnswer: fakingAnswer, outcome: outcome)
    }
}
