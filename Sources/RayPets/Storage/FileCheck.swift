import Glibc

/// A look at a database file's header before SQLite opens it: SQLite reads pages lazily, so
/// a file cut short would only fail later, in the middle of a change.
enum FileCheck {
    /// Why the file or folder at `path` must not be used for the user's data, or `nil` when
    /// it may (or is not there): it belongs to another user, or others may write it (group or
    /// world write, without a folder's sticky bit, which still lets no one replace another's
    /// files). Someone else who made `/tmp/.local/share/raypets` first, open to all, would
    /// otherwise be shown the user's records and get what the user adds.
    /// `untrusted` for `path`'s folder, then for `path`: the first reason, with what it is about.
    static func untrustedFileOrFolder(_ path: FilePath) -> String? {
        for candidate in [path.folder, path] {
            if let why = untrusted(candidate) { return "\(candidate) is not the user's own (\(why))" }
        }
        return nil
    }

    static func untrusted(_ path: FilePath) -> String? {
        // A link's own mode says nothing (always 0777): links are refused where they are
        // opened (never followed), with their own message.
        guard let info = path.linkStatus(), info.st_mode & S_IFMT != S_IFLNK else { return nil }
        if info.st_uid != geteuid() { return L("it belongs to another user") }
        let isFolder = info.st_mode & S_IFMT == S_IFDIR
        if info.st_mode & 0o022 != 0, !(isFolder && info.st_mode & S_ISVTX != 0) {
            return L("others may change it")
        }
        return nil
    }

    /// What is wrong with the file at `path`, or `nil` if its header is sound (or it is empty,
    /// which SQLite treats as a new database). A FIFO, a device or a socket is "not a regular
    /// file": it is opened without blocking and never read.
    static func damage(_ path: FilePath) -> String? {
        let fd = path.open(O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { return nil }  // unreadable: SQLite will say why
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT != S_IFREG { return L("not a regular file") }
        let size = Int(info.st_size)
        if size == 0 { return nil }
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { read(fd, $0.baseAddress, 100) }
        guard count == 100, Array(header[0..<16]) == Array("SQLite format 3\0".utf8) else {
            return L("not a database")
        }
        func number(_ offset: Int) -> Int {
            header[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let rawPageSize = Int(header[16]) << 8 | Int(header[17])
        let pageSize = rawPageSize == 1 ? 65536 : rawPageSize
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { return L("bad page size") }
        // The header's page count is valid when its change counter matches (SQLite's rule);
        // with a -wal file the main file may lag behind, so only check without one.
        let pages = number(28)
        if pages > 0, number(24) == number(92), !(path + "-wal").access(F_OK), size < pages * pageSize {
            return L("cut short")
        }
        return nil
    }

    /// Whether something that is not a regular file (nor a folder: SQLite refuses those at
    /// once) is at `path`, a link followed: a FIFO, a device or a socket.
    static func isIrregular(_ path: FilePath) -> Bool {
        guard let info = path.status() else { return false }
        let type = info.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }
}
