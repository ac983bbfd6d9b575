import CSQLite
import Glibc

/// A failed SQLite call: its result code and SQLite's own message.
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The extended result code (e.g. `SQLITE_BUSY`, `SQLITE_FULL`).
    public let code: Int32
    /// SQLite's message, e.g. "database or disk is full".
    public let message: String
    /// The system's error number behind an I/O error (`errno`, e.g. `EFBIG`), or 0.
    public let systemError: Int32

    /// An error with `code` and `message`, and the `errno` behind it (`systemError`).
    public init(code: Int32, message: String, systemError: Int32 = 0) {
        self.code = code
        self.message = message
        self.systemError = systemError
    }

    /// The primary result code (the low byte of `code`).
    public var primaryCode: Int32 { code & 0xFF }

    /// The file is not a database, or is damaged.
    public var isCorrupt: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }
    /// Another connection holds the lock, and the busy timeout ran out.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    /// The disk (or the database's page limit) is full, or a write went past the process's
    /// file-size limit (`ulimit -f`, `RLIMIT_FSIZE`: an I/O error with `EFBIG` behind it) or
    /// the user's quota (`EDQUOT`).
    public var isFull: Bool {
        primaryCode == SQLITE_FULL
            || (primaryCode == SQLITE_IOERR && (systemError == EFBIG || systemError == ENOSPC || systemError == EDQUOT))
    }
    /// The database cannot be written (opened read-only, or the file or its folder is).
    public var isReadOnly: Bool { primaryCode == SQLITE_READONLY }
    /// A constraint failed (a `UNIQUE` value taken, a foreign key missing).
    public var isConstraint: Bool { primaryCode == SQLITE_CONSTRAINT }
    /// The file could not be opened.
    public var cannotOpen: Bool { primaryCode == SQLITE_CANTOPEN }
    /// The statement was stopped before it finished (`Database.stopsWhenTaskIsCancelled()`).
    public var isInterrupted: Bool { primaryCode == SQLITE_INTERRUPT }

    /// `message (SQLite code n)`, with `, errno n` when a system error is known.
    public var description: String {
        "\(message) (SQLite code \(code)\(systemError == 0 ? "" : ", errno \(systemError)"))"
    }
}
