import CSQLite

/// One connection to an SQLite database file: a thin, typed layer over the C API, with no
/// Foundation and no ORM. Errors come back as `SQLiteError`.
///
/// A connection is used from one thread (the app's main thread); it is not `Sendable`.
public final class Database {
    /// How to open the file.
    public enum Mode: Sendable {
        /// Read and write; create the file if it does not exist.
        case readWriteCreate
        /// Read only: nothing this connection does can change the file.
        case readOnly
    }

    fileprivate let handle: OpaquePointer
    /// The path given to `init` (`:memory:` for an in-memory database).
    public let path: String
    /// Whether the connection was opened read-only.
    public let isReadOnly: Bool

    /// Opens `path` in `mode`. Opening alone does not read the file; `userVersion` is the
    /// first read and reports a non-database file (`isCorrupt`).
    public init(path: String, mode: Mode) throws(SQLiteError) {
        var connection: OpaquePointer?
        let flags: Int32 =
            (mode == .readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX
        let result = sqlite3_open_v2(path, &connection, flags, nil)
        guard result == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(connection)
            throw SQLiteError(code: result, message: message)
        }
        sqlite3_extended_result_codes(connection, 1)
        self.handle = connection
        self.path = path
        self.isReadOnly = mode == .readOnly
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs one or more statements that return no rows (schema changes, pragmas).
    public func execute(_ sql: String) throws(SQLiteError) {
        try check(sqlite3_exec(handle, sql, nil, nil, nil))
    }

    /// Compiles `sql` (one statement).
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(handle, sql, -1, &statement, nil))
        guard let statement else { throw SQLiteError(code: SQLITE_MISUSE, message: "empty statement: \(sql)") }
        return Statement(statement, database: self)
    }

    /// The first column of the first row of `sql`, as an integer (`nil` without rows).
    public func integer(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int64? {
        var value: Int64?
        try prepare(sql).forEachRow(values) { row in if value == nil { value = row.integer(0) } }
        return value
    }

    /// The first column of the first row of `sql`, as text (`nil` without rows or for NULL).
    public func text(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> String? {
        var value: String?
        var first = true
        try prepare(sql).forEachRow(values) { row in
            if first { value = row.text(0) }
            first = false
        }
        return value
    }

    /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`): it commits if `body`
    /// returns, and rolls back (leaving the database as it was) if `body` or the commit throws.
    public func transaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The schema version the application keeps in the file (`PRAGMA user_version`).
    public func userVersion() throws(SQLiteError) -> Int {
        Int(try integer("PRAGMA user_version") ?? 0)
    }

    /// Sets `PRAGMA user_version`.
    public func setUserVersion(_ version: Int) throws(SQLiteError) {
        try execute("PRAGMA user_version = \(version)")
    }

    /// How long a statement waits for another connection's lock before failing with
    /// `SQLITE_BUSY`.
    public func setBusyTimeout(milliseconds: Int32) { sqlite3_busy_timeout(handle, milliseconds) }

    /// `PRAGMA integrity_check`: `["ok"]` for a sound file, else SQLite's findings.
    public func integrityCheck() throws(SQLiteError) -> [String] {
        var lines: [String] = []
        try prepare("PRAGMA integrity_check").forEachRow { row in lines.append(row.text(0) ?? "") }
        return lines
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    func check(_ result: Int32) throws(SQLiteError) {
        guard result == SQLITE_OK || result == SQLITE_ROW || result == SQLITE_DONE else { throw error(result) }
    }

    func error(_ result: Int32) -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
    }
}

extension Database {
    /// Copies this whole database into `target` (SQLite's online backup), replacing its content.
    public func copy(to target: Database) throws(SQLiteError) {
        guard let backup = sqlite3_backup_init(target.handle, "main", handle, "main") else {
            throw target.error(sqlite3_errcode(target.handle))
        }
        let result = sqlite3_backup_step(backup, -1)
        sqlite3_backup_finish(backup)
        guard result == SQLITE_DONE else { throw error(result) }
    }
}
