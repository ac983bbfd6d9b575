import Navigation

// What the navigation journal may hold of the values the pages' controls carry, in one place
// to check: ids and the appointment's fixed answers, never a field's text (a pet's name is
// not recorded here either: its id says which pet).

extension Pet: JournalValue {
    /// The pet's id (`rex`), as its links name it.
    public var journalValue: String { id }
}

extension AppointmentRecord: JournalValue {
    /// The record's number.
    public var journalValue: String { String(id) }
}

extension VisitType: JournalValue {
    /// The answer's name (`sick`).
    public var journalValue: String { rawValue }
}

extension PainLevel: JournalValue {
    /// The answer's name.
    public var journalValue: String { rawValue }
}

extension FakingAnswer: JournalValue {
    /// The answer's name.
    public var journalValue: String { rawValue }
}
