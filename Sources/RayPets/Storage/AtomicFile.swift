import Glibc

/// Small files written atomically, for settings and saved state: a temporary file (mode 0600)
/// in the same folder, flushed, then renamed over the old one — a crash mid-write leaves the
/// old file or the new one, never half of one.
enum AtomicFile {
    /// The whole file as UTF-8 text; `nil` with `problem` set when it cannot be read.
    static func read(_ path: String, problem: inout String?) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno != ENOENT { problem = describe(errno) }
            return nil
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                problem = describe(errno)
                return nil
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
            if bytes.count > 256 * 1024 {
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

    /// Writes `contents` to `path` atomically, creating its folders (mode 0700).
    /// Returns a description of the problem, or `nil` on success.
    static func write(_ contents: String, to path: String) -> String? {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        guard makeFolders(folder) else { return "cannot create \(folder): \(describe(errno))" }
        var template = Array((path + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return "cannot write next to \(path): \(describe(errno))" }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let written = contents.withCString { Glibc.write(fd, $0, strlen($0)) }
        let flushed = fsync(fd) == 0
        close(fd)
        guard written == contents.utf8.count, flushed, rename(temporary, path) == 0 else {
            let problem = "cannot save \(path): \(describe(errno))"
            unlink(temporary)
            return problem
        }
        return nil
    }

    /// Moves `path` aside to `path.corrupt` (replacing an older one). Returns the new path.
    static func moveAside(_ path: String) -> String {
        let aside = path + ".corrupt"
        rename(path, aside)
        return aside
    }

    static func makeFolders(_ folder: String) -> Bool {
        guard !folder.isEmpty else { return true }
        var current = ""
        for part in folder.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o700) != 0 && errno != EEXIST { return false }
        }
        return true
    }

    static func describe(_ error: Int32) -> String { String(cString: strerror(error)) }
}
