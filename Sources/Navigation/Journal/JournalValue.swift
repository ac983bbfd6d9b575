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

/// How the values of each type a helper carries are written in the journal, found once per
/// type: a cast of each value to `any JournalValue` looks the conformance up every time
/// (callgrind: about 4,000 instructions a press, most of what the journal cost an
/// appointment flow).
@MainActor
enum JournalTexts {
    /// Each type seen, as a `JournalValue` type, or `nil` if it is not one.
    private static var types: [ObjectIdentifier: (any JournalValue.Type)?] = [:]

    /// `value`'s journal text if its type (`Value`) is a `JournalValue`, else `nil`.
    static func text<Value>(of value: Value) -> String? {
        let key = ObjectIdentifier(Value.self)
        let type: (any JournalValue.Type)?
        if let known = types[key] {
            type = known
        } else {
            type = Value.self as? any JournalValue.Type
            types[key] = type
        }
        guard let type else { return nil }
        return text(of: value, as: type)
    }

    /// `value`'s journal text, `Journaled` being `Value` itself (`text(of:)` found it so).
    private static func text<Value, Journaled: JournalValue>(of value: Value, as _: Journaled.Type) -> String? {
        (value as? Journaled)?.journalValue
    }
}
