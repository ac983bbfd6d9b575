/// Why the pet is coming in.
public enum VisitType: String, CaseIterable, Codable, Sendable {
    case well, sick
}

/// How much it hurts, from the pain-level page.
public enum PainLevel: String, CaseIterable, Codable, Sendable {
    case none
    case aLittle = "a-little"
    case moderate, severe
    case worstPossible = "worst-possible"

    /// Low enough that the pet might be faking it.
    public var mightBeFaking: Bool { self == .none || self == .aLittle }
}

/// The answer on the "Faking it?" page.
public enum FakingAnswer: String, CaseIterable, Codable, Sendable {
    case fake
    case notFake = "not-fake"
}

/// How a finished appointment request ended.
public enum AppointmentOutcome: String, Codable, Sendable {
    /// The "No appointment required" page was confirmed.
    case noAppointmentRequired = "no-appointment-required"
    /// The owner admitted the pet was faking it.
    case fakingIt = "faking-it"
}
