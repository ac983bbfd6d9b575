/// Why the store could not do what was asked. Nothing was changed.
public struct StoreError: Error, Equatable, CustomStringConvertible {
    /// The kind of failure, for the app to decide what to say.
    public enum Kind: Sendable, Equatable {
        /// Another program holds the database's lock.
        case busy
        /// No room to write: the disk is full, or a limit on file size (`ulimit -f`, a quota) was reached.
        case full
        /// The database cannot be written.
        case readOnly
        /// The file is damaged.
        case corrupt
        /// The record asked for is not there (deleted meanwhile).
        case missing
        /// The records' file was deleted, replaced or written over while the app ran.
        case gone
        /// The pet breaks one of `PetRules` (the editor shows which).
        case invalid
        /// The pet was saved elsewhere (another window's editor) since this edit began.
        case changedElsewhere
        /// Something else; `message` says what.
        case other
    }

    /// The kind.
    public let kind: Kind
    /// The storage's own message (for the log).
    public let message: String

    /// An error of `kind`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// What to tell the user: one sentence, and what to do.
    public var userMessage: String {
        switch kind {
        case .busy: L("The clinic's records are in use by another program. Nothing was saved; try again.")
        case .full:
            L(
                "There is no room to save (the disk is full, or a limit on file size was reached). Nothing was saved; free some space and try again."
            )
        case .readOnly: L("The clinic's records are read-only. Nothing was saved.")
        case .corrupt: L("The clinic's records are damaged. Nothing was saved; restart RayPets to repair them.")
        case .missing: L("That record no longer exists.")
        case .gone:
            L(
                "The clinic's records file was deleted or replaced while RayPets ran. Nothing was saved; restart RayPets."
            )
        case .invalid: L("Some fields need attention.")
        case .changedElsewhere:
            L(
                "This pet was changed in another window while you edited it. Your changes are still here: press Save again to save them over it."
            )
        case .other: L("Could not save: {problem}", ["problem": message])
        }
    }

    /// `kind: message`.
    public var description: String { "\(kind): \(message)" }
}
