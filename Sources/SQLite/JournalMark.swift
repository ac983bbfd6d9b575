import CSQLite

/// Which database file a `-wal` file is the journal of, written on the `-wal` file itself as
/// an extended attribute (`user.raypets.records-file`): SQLite replays any `-wal` file it
/// finds beside a database file, even one that was the journal of another file at that path.
/// On a file system without user extended attributes nothing is written and nothing is read.
public enum JournalMark {
    static let attribute = "user.raypets.records-file"

    /// Marks the `-wal` file whose path is `journal` (its bytes, as the system gives paths) as
    /// the journal of the file with inode `inode`; whether the mark was written.
    @discardableResult
    public static func mark(_ journal: [UInt8], owner inode: UInt) -> Bool {
        let value = "inode \(inode)"
        return withCPath(journal) { setxattr($0, attribute, value, value.utf8.count, 0) } == 0
    }

    /// The inode the `-wal` file at `journal` was marked as the journal of, or `nil` without
    /// a mark.
    public static func owner(of journal: [UInt8]) -> UInt? {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = withCPath(journal) { path in
            buffer.withUnsafeMutableBytes { getxattr(path, attribute, $0.baseAddress, $0.count) }
        }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        guard text.hasPrefix("inode ") else { return nil }
        return UInt(text.dropFirst(6))
    }

    /// Calls `body` with `path`'s bytes as a C string (up to a NUL, where the system ends it).
    private static func withCPath<Result>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (path.prefix { $0 != 0 }.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
