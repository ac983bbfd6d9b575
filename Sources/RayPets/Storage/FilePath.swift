import Glibc

/// A file's path as the system gives it: bytes, not text. A folder named in
/// `$XDG_DATA_HOME` may hold bytes that are not UTF-8 (a name written in Latin-1); they go to
/// `open`, `mkdir`, `rename` and SQLite unchanged, so the app uses that very folder. Only
/// `description` is text: the path as a person can read it, every byte that is not part of
/// valid UTF-8 (and a backslash) escaped, e.g. `café` in Latin-1 as `caf\xE9`.
public struct FilePath: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The path's bytes (no NUL: a C string ends there).
    public let bytes: [UInt8]

    /// The path made of `bytes`, up to the first NUL (where the system would end it).
    public init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes.prefix { $0 != 0 })
    }

    /// `path`'s UTF-8 bytes.
    public init(_ path: String) { self.init(bytes: path.utf8) }

    /// `value`'s UTF-8 bytes.
    public init(stringLiteral value: String) { self.init(value) }

    /// The path with every byte that is not part of valid UTF-8 written as `\xNN`, and a
    /// backslash as `\\` (so the text names one path only). Always valid text; never fails.
    public var description: String {
        var text = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                text.unicodeScalars.append(contentsOf: scalar == "\\" ? ["\\", "\\"] : [scalar])
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] {
                    let hex = String(byte, radix: 16, uppercase: true)
                    text += "\\x" + (hex.count == 1 ? "0" : "") + hex
                }
                offset += length
            case .emptyInput:
                break loop
            }
        }
        return text
    }

    /// Whether the path starts at the root (`/`).
    public var isAbsolute: Bool { bytes.first == UInt8(ascii: "/") }

    /// The folder holding the path's last part: everything before its last `/` (empty when
    /// there is none).
    public var folder: FilePath { FilePath(bytes: bytes[..<(bytes.lastIndex(of: UInt8(ascii: "/")) ?? 0)]) }

    /// `path` with `suffix`'s bytes added, e.g. `path + "-wal"`.
    public static func + (path: FilePath, suffix: String) -> FilePath {
        FilePath(bytes: path.bytes + Array(suffix.utf8))
    }

    /// Calls `body` with the path as a C string (for `open`, `rename`, SQLite).
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { try body($0.baseAddress!) }
    }
}

// The system calls the storage code makes, on byte paths.
extension FilePath {
    /// `access(2)`: whether the path can be used with `mode` (`F_OK`, `R_OK`, `W_OK`).
    func access(_ mode: Int32) -> Bool { withCString { Glibc.access($0, mode) } == 0 }

    /// `open(2)`; the descriptor, or -1 with `errno` set.
    func open(_ flags: Int32, _ mode: mode_t = 0) -> Int32 { withCString { Glibc.open($0, flags, mode) } }

    /// `stat(2)` (follows a link), or `nil`.
    func status() -> stat? {
        var info = stat()
        return withCString { stat($0, &info) } == 0 ? info : nil
    }

    /// `lstat(2)` (the link itself), or `nil`.
    func linkStatus() -> stat? {
        var info = stat()
        return withCString { lstat($0, &info) } == 0 ? info : nil
    }

    /// `rename(2)` to `target`; whether it worked.
    @discardableResult
    func rename(to target: FilePath) -> Bool {
        withCString { from in target.withCString { to in Glibc.rename(from, to) } } == 0
    }

    /// `unlink(2)`; whether it worked.
    @discardableResult
    func unlink() -> Bool { withCString { Glibc.unlink($0) } == 0 }

    /// `chmod(2)`.
    func chmod(_ mode: mode_t) { _ = withCString { Glibc.chmod($0, mode) } }
}

extension FilePath {
    /// This path, or `path-2`, `path-3`… if it is taken: a file moved aside never replaces one.
    var unused: FilePath {
        var candidate = self
        var number = 1
        while candidate.linkStatus() != nil {  // a dangling link is taken too
            number += 1
            candidate = self + "-\(number)"
        }
        return candidate
    }
}
