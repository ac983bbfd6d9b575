/// A value an intent may carry into a `NavigationJournal`: by default, what a control hands its
/// intent (a chosen row, an option) is left out, because it may be what the user typed. A type
/// conforming to this says how it appears instead, and that it holds no user text.
///
///     extension Pet: JournalValue {
///         var journalValue: String { "\(id)" }  // the record's id, not its fields
///     }
public protocol JournalValue {
    /// The value as the journal shows it: data the app already shows (an id, an option's
    /// name), never the text of a field.
    var journalValue: String { get }
}
