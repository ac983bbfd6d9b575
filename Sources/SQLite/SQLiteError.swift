import CSQLite

/// A failed SQLite call: its result code and SQLite's own message.
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The extended result code (e.g. `SQLITE_BUSY`, `SQLITE_FULL`).
    public let code: Int32
    /// SQLite's message, e.g. "database or disk is full".
    public let message: String

    /// An error with `code` and `message`.
    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// The primary result code (the low byte of `code`).
    public var primaryCode: Int32 { code & 0xFF }

    /// The file is not a database, or is damaged.
    public var isCorrupt: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }
    /// Another connection holds the lock, and the busy timeout ran out.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    /// The disk (or the database's page limit) is full.
    public var isFull: Bool { primaryCode == SQLITE_FULL }
    /// The database cannot be written (opened read-only, or the file or its folder is).
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY }
    /// A constraint failed (a `UNIQUE` value taken, a foreign key missing).
    public var isConstraint: Bool { primaryCode == SQLITE_CONSTRAINT }
    /// The file could not be opened.
    public var cannotOpen: Bool { primaryCode == SQLITE_CANTOPEN }
    /// The statement was stopped before it finished (`Database.stopsWhenTaskIsCancelled()`).
    public var isInterrupted: Bool { primaryCode == SQLITE_INTERRUPT }

    /// `message (code n)`.
    public var description: String { "\(message) (SQLite code \(code))" }
}
