import CSQLite

/// A value bound to a statement's parameter or read from a column.
public enum SQLiteValue: Equatable, Sendable {
    case integer(Int64)
    case text(String)
    case null
}

/// A prepared statement. Bind parameters by position (1-based, as SQLite counts), then
/// `step()` through the rows. Finalized when it goes away.
public final class Statement {
    private let handle: OpaquePointer
    private unowned let database: Database

    init(_ handle: OpaquePointer, database: Database) {
        self.handle = handle
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `values` to the parameters `?1`, `?2`, ... (after clearing earlier ones).
    public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let result: Int32
            switch value {
            case .integer(let number): result = sqlite3_bind_int64(handle, index, number)
            case .text(let text):
                // The byte count, not the C string: text may hold NUL, which must not cut it short.
                var text = text
                result = text.withUTF8 { bytes in
                    sqlite3_bind_text(
                        handle, index,
                        bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                        Int32(bytes.count), csqlite_transient())
                }
            case .null: result = sqlite3_bind_null(handle, index)
            }
            try database.check(result)
        }
    }

    /// Runs the statement to its next row: `true` when a row is ready to read, `false` when done.
    public func step() throws(SQLiteError) -> Bool {
        let result = sqlite3_step(handle)
        if result == SQLITE_ROW { return true }
        if result == SQLITE_DONE { return false }
        let error = database.error(result)
        sqlite3_reset(handle)
        throw error
    }

    /// The integer in column `index` (0-based) of the current row.
    public func integer(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// The text in column `index`, or `nil` for NULL.
    public func text(_ index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, index) else { return nil }
        // By the byte count, not up to the first NUL: the text is whatever was stored.
        return String(
            decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, index))), as: UTF8.self)
    }

    /// Whether the statement has stepped to a row and is not yet done or reset.
    public var isRunning: Bool { sqlite3_stmt_busy(handle) != 0 }

    /// Whether column `index` is NULL.
    public func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// Runs the statement with `values` and calls `row` for each result row.
    public func forEachRow(
        _ values: [SQLiteValue] = [], _ row: (Statement) throws(SQLiteError) -> Void
    ) throws(SQLiteError) {
        try bind(values)
        defer { sqlite3_reset(handle) }
        while try step() { try row(self) }
    }

    /// Runs the statement with `values` to the end (an INSERT, UPDATE or DELETE).
    public func run(_ values: [SQLiteValue] = []) throws(SQLiteError) {
        try bind(values)
        defer { sqlite3_reset(handle) }
        while try step() {}
    }
}
