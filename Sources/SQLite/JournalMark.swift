import CSQLite

/// Which database file a `-wal` file is the journal of, written on the `-wal` file itself as
/// an extended attribute (`user.raypets.records-file`): SQLite replays any `-wal` file it
/// finds beside a database file, even one that was the journal of another file at that path.
/// On a file system without user extended attributes nothing is written and nothing is read.
public enum JournalMark {
    static let attribute = "user.raypets.records-file"

    /// Marks the `-wal` file at `journal` as the journal of the file with inode `inode`;
    /// whether the mark was written.
    @discardableResult
    public static func mark(_ journal: String, owner inode: UInt) -> Bool {
        let value = "inode \(inode)"
        return setxattr(journal, attribute, value, value.utf8.count, 0) == 0
    }

    /// The inode the `-wal` file at `journal` was marked as the journal of, or `nil` without
    /// a mark.
    public static func owner(of journal: String) -> UInt? {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { getxattr(journal, attribute, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        guard text.hasPrefix("inode ") else { return nil }
        return UInt(text.dropFirst(6))
    }
}
