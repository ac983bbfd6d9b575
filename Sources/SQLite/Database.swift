import CSQLite
import Glibc

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
        /// Read only, taking the file as one nothing else changes (SQLite's `immutable=1`):
        /// no locks, no `-shm` file, so a WAL-mode file opens even in a folder that cannot be
        /// written. Pages written to a `-wal` file that was not checkpointed are not seen.
        case immutable
    }

    fileprivate let handle: OpaquePointer
    /// The path given to `init` (`:memory:` for an in-memory database), as text: bytes that
    /// are not UTF-8 read as U+FFFD. For messages; `pathBytes` names the file.
    public let path: String
    /// The path given to `init`, as its bytes (what was passed to SQLite).
    public let pathBytes: [UInt8]
    /// Whether the connection was opened read-only.
    public let isReadOnly: Bool
    /// Statements compiled once by `statement(_:)`, by their SQL.
    private var statements: [String: Statement] = [:]

    /// Opens `path` (its UTF-8 bytes) in `mode`: `init(pathBytes:mode:followsLinks:)`.
    public convenience init(path: String, mode: Mode, followsLinks: Bool = true) throws(SQLiteError) {
        try self.init(pathBytes: Array(path.utf8), mode: mode, followsLinks: followsLinks)
    }

    /// Opens the file whose path is `pathBytes` (as the system gives paths: any bytes but NUL,
    /// not necessarily UTF-8; passed to SQLite unchanged) in `mode`. Opening alone does not
    /// read the file; `userVersion` is the first read and reports a non-database file
    /// (`isCorrupt`). With `followsLinks: false`, a symbolic link anywhere in the path (the
    /// file or a folder on the way) is an error (`SQLITE_CANTOPEN`) rather than followed.
    public init(pathBytes: [UInt8], mode: Mode, followsLinks: Bool = true) throws(SQLiteError) {
        var connection: OpaquePointer?
        var flags: Int32 =
            switch mode {
            case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            case .readOnly: SQLITE_OPEN_READONLY
            case .immutable: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            }
        flags |= SQLITE_OPEN_NOMUTEX | (followsLinks ? 0 : Int32(SQLITE_OPEN_NOFOLLOW))
        let bytes = pathBytes.prefix { $0 != 0 }
        let name =
            mode == .immutable ? Array("file:".utf8) + Self.uriPath(bytes) + Array("?immutable=1".utf8) : Array(bytes)
        let result = (name.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
            sqlite3_open_v2($0.baseAddress, &connection, flags, nil)
        }
        guard result == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            let systemError = connection.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close(connection)
            throw SQLiteError(code: result, message: message, systemError: systemError)
        }
        sqlite3_extended_result_codes(connection, 1)
        self.handle = connection
        self.pathBytes = Array(bytes)
        self.path = String(decoding: bytes, as: UTF8.self)
        self.isReadOnly = mode != .readWriteCreate
    }

    /// `path` as the path of a `file:` URI: every byte but unreserved characters and `/`
    /// %-escaped.
    private static func uriPath(_ path: some Collection<UInt8>) -> [UInt8] {
        path.flatMap { byte -> [UInt8] in
            let c = Character(Unicode.Scalar(byte))
            if c.isASCII && (c.isLetter || c.isNumber || "-._~/".contains(c)) { return [byte] }
            let hex = String(byte, radix: 16, uppercase: true)
            return Array(("%" + (hex.count == 1 ? "0" + hex : hex)).utf8)
        }
    }

    deinit { sqlite3_close_v2(handle) }

    /// From now on, a statement this connection runs stops with `SQLITE_INTERRUPT`
    /// (`SQLiteError.isInterrupted`) soon after the Swift task running it is cancelled: SQLite
    /// asks every `steps` steps of its virtual machine. Only the connection's own statements
    /// stop, and only while their task is cancelled (unlike `sqlite3_interrupt`, nothing is
    /// shared between threads).
    public func stopsWhenTaskIsCancelled(everySteps steps: Int32 = 1_000) {
        sqlite3_progress_handler(handle, steps, { _ in Task.isCancelled ? 1 : 0 }, nil)
    }

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

    /// `sql` (one statement), compiled at its first use on this connection and the same
    /// statement after: compiling costs more than running a small query (measured: SQLite's
    /// parser was a fifth of a whole appointment flow). The SQL must not carry values (bind
    /// them), so that few distinct statements are kept. A statement still stepping through
    /// its rows (a query run from inside another's row) is not shared: that use gets its own.
    public func statement(_ sql: String) throws(SQLiteError) -> Statement {
        if let kept = statements[sql], !kept.isRunning { return kept }
        let compiled = try prepare(sql)
        if statements[sql] == nil { statements[sql] = compiled }
        return compiled
    }

    /// The first column of the first row of `sql`, as an integer (`nil` without rows).
    public func integer(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int64? {
        var value: Int64?
        try statement(sql).forEachRow(values) { row in if value == nil { value = row.integer(0) } }
        return value
    }

    /// The first column of the first row of `sql`, as text (`nil` without rows or for NULL).
    public func text(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> String? {
        var value: String?
        var first = true
        try statement(sql).forEachRow(values) { row in
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

    /// The number that says which application's file this is (`PRAGMA application_id`; 0 when
    /// none was set).
    public func applicationID() throws(SQLiteError) -> Int32 {
        Int32(truncatingIfNeeded: try integer("PRAGMA application_id") ?? 0)
    }

    /// Sets `PRAGMA application_id`.
    public func setApplicationID(_ id: Int32) throws(SQLiteError) {
        try execute("PRAGMA application_id = \(id)")
    }

    /// The names of the file's tables, views, indexes and triggers (`sqlite_schema`), sorted.
    public func schemaNames() throws(SQLiteError) -> [String] {
        var names: [String] = []
        try prepare("SELECT name FROM sqlite_schema ORDER BY name").forEachRow { row in names.append(row.text(0) ?? "")
        }
        return names
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

    /// `PRAGMA data_version`: a number that differs from the last one this connection read
    /// when another connection has committed a change to the database since (this
    /// connection's own changes leave it as it is). Bytes written into the file by anything
    /// but SQLite leave it as it is too.
    public func dataVersion() throws(SQLiteError) -> Int64 {
        try integer("PRAGMA data_version") ?? 0
    }

    /// Copies every change in the `-wal` file into the database file this connection has open,
    /// then empties the `-wal` file (`SQLITE_CHECKPOINT_TRUNCATE`), waiting for readers up to
    /// the busy timeout. Whether the whole `-wal` file was copied and emptied.
    public func checkpointAndEmptyJournal() -> Bool {
        sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil) == SQLITE_OK
    }

    /// From now on, closing this connection leaves the `-wal` file as it is (no checkpoint into
    /// the database file, which is not removed either): for a database file that is no longer
    /// the one the `-wal` file belongs to.
    public func skipsCheckpointOnClose() { _ = csqlite_skip_checkpoint_on_close(handle) }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    func check(_ result: Int32) throws(SQLiteError) {
        guard result == SQLITE_OK || result == SQLITE_ROW || result == SQLITE_DONE else { throw error(result) }
    }

    /// The connection's last error. Called right after the failing call: for an I/O error, the
    /// `errno` behind it is SQLite's own record of it (`sqlite3_system_errno`) or, where
    /// SQLite keeps none (a write that failed at COMMIT), the thread's `errno` as that call
    /// left it (what its failing `pwrite` set: SQLite's rollback and unlock that follow do not
    /// fail, so they leave it).
    func error(_ result: Int32) -> SQLiteError {
        let lastSystemError = errno  // first: nothing below may change it
        let code = sqlite3_extended_errcode(handle)
        let primary = code & 0xFF
        let recorded = sqlite3_system_errno(handle)
        let systemError =
            primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN ? (recorded != 0 ? recorded : lastSystemError) : 0
        return SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), systemError: systemError)
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
