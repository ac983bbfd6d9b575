import Glibc

/// Small files written atomically, for settings and saved state: a temporary file (mode 0600)
/// in the same folder, flushed, then renamed over the old one — a crash mid-write leaves the
/// old file or the new one, never half of one.
enum AtomicFile {
    /// The largest file `read` reads and `write` writes (16 MiB): what RayPets writes, it reads
    /// back. Its own files are far smaller (a window's state with a draft is a few kilobytes;
    /// the editor's fields take no more than their limits).
    static let maximumSize = 16 << 20

    /// The whole file as UTF-8 text; `nil` with `problem` set when it cannot be read.
    ///
    /// Only a regular file is read: the path is opened without blocking (a FIFO would wait
    /// for a writer for ever) and checked with `fstat`, so a FIFO, a device, a socket or a
    /// folder there is a problem ("not a regular file"), never waited on.
    static func read(_ path: FilePath, problem: inout String?) -> String? {
        let fd = path.open(O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            if errno != ENOENT { problem = describe(errno) }
            return nil
        }
        defer { close(fd) }
        if let kind = irregularKind(fd) {
            problem = "not a regular file (\(kind))"
            return nil
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                problem = describe(errno)
                return nil
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
            if bytes.count > maximumSize {
                problem = "the file is too large"
                return nil
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            problem = "the file is not text"
            return nil
        }
        return text
    }

    /// What the open file `fd` is when it is not a regular file (`"a FIFO"`, `"a device"`, …),
    /// or `nil` for a regular file (or one `fstat` cannot tell: reading it will say).
    static func irregularKind(_ fd: Int32) -> String? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        default: return "not a file"
        }
    }

    /// Writes `contents` to `path` atomically, creating its folders (mode 0700), unless it is
    /// larger than `maximumSize` (the old file then stays as it was). Returns a description
    /// of the problem, or `nil` on success. A write cut short (a file-size limit, a full disk:
    /// `EFBIG`, `ENOSPC`) is a problem like any other: the temporary file is removed and the
    /// old file stays as it was.
    static func write(_ contents: String, to path: FilePath) -> String? {
        guard contents.utf8.count <= maximumSize else {
            return "cannot save \(path): \(contents.utf8.count) bytes, more than RayPets reads back (\(maximumSize))"
        }
        let folder = path.folder
        guard makeFolders(folder) else { return "cannot create \(folder): \(describe(errno))" }
        var template = (path + ".XXXXXX").bytes.map { CChar(bitPattern: $0) } + [0]
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return "cannot write next to \(path): \(describe(errno))" }
        let temporary = FilePath(bytes: template.map { UInt8(bitPattern: $0) })
        var problem = writeAll(Array(contents.utf8), to: fd)
        if problem == nil, fsync(fd) != 0 { problem = describe(errno) }
        if close(fd) != 0, problem == nil { problem = describe(errno) }
        if problem == nil, !temporary.rename(to: path) { problem = describe(errno) }
        if let problem {
            temporary.unlink()
            return "cannot save \(path): \(problem)"
        }
        return nil
    }

    /// Writes every byte of `bytes` to `fd`, going on after a short write; the problem, or `nil`.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return describe(errno)
            }
            if written == 0 { return describe(EIO) }
            offset += written
        }
        return nil
    }

    /// Moves `path` aside to `path.corrupt` (`path.corrupt-2`, … when that is taken: an older
    /// one is never replaced). Returns the new path.
    static func moveAside(_ path: FilePath) -> FilePath {
        let aside = (path + ".corrupt").unused
        path.rename(to: aside)
        return aside
    }

    /// Creates `folder` and the folders on its way (mode 0700); whether it exists now.
    static func makeFolders(_ folder: String) -> Bool { makeFolders(FilePath(folder)) }

    /// Creates `folder` and the folders on its way (mode 0700); whether it exists now.
    static func makeFolders(_ folder: FilePath) -> Bool {
        var current: [UInt8] = []
        for part in folder.bytes.split(separator: UInt8(ascii: "/")) {
            current += [UInt8(ascii: "/")] + part
            if FilePath(bytes: current).withCString({ mkdir($0, 0o700) }) != 0 && errno != EEXIST { return false }
        }
        return true
    }

    static func describe(_ error: Int32) -> String { String(cString: strerror(error)) }
}
