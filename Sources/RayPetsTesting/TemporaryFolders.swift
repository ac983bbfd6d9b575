#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Folders for tests' files. Every one is made inside one folder for the test process
/// (`$TMPDIR/raypets-tests.XXXXXX`, else `/tmp`; `raypets-tests.rID.XXXXXX` when
/// `RAYPETS_TEST_RUN` is `ID`, as `scripts/test` sets it), which is removed with all it holds when the
/// process exits: a run leaves nothing behind. (A process that crashes keeps it, for a look.)
public enum TemporaryFolders {
    /// A fresh, empty folder named after `label`, inside this process's folder.
    public static func make(_ label: String = "test") -> String {
        let made = makeFolder(template: root + "/" + label + ".XXXXXX")
        guard let made else { fatalError("cannot make a folder in \(root): errno \(errno)") }
        return made
    }

    /// This process's folder: made on first use, removed at exit.
    private static let root: String = {
        let parent = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let run = getenv("RAYPETS_TEST_RUN").map { "r" + String(cString: $0) + "." } ?? ""
        guard let made = makeFolder(template: parent + "/raypets-tests." + run + "XXXXXX") else {
            fatalError("cannot make a folder in \(parent): errno \(errno)")
        }
        atexit { TemporaryFolders.removeTree(TemporaryFolders.root) }
        return made
    }()

    private static func makeFolder(template: String) -> String? {
        var buffer = Array(template.utf8CString)
        return buffer.withUnsafeMutableBufferPointer { pointer in
            mkdtemp(pointer.baseAddress!).map { String(cString: $0) }  // read inside: it points into `buffer`
        }
    }

    /// Removes `path` and everything under it, without following symbolic links; a folder a
    /// test made read-only is made writable first. Names are handled as bytes: a test may make
    /// names that are not UTF-8.
    static func removeTree(_ path: String) { removeTree(bytes: Array(path.utf8CString)) }

    /// `removeTree` for a NUL-terminated path.
    private static func removeTree(bytes path: [CChar]) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            unlink(path)
            return
        }
        chmod(path, 0o700)
        var children: [[CChar]] = []
        if let folder = opendir(path) {
            while let entry = readdir(folder) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    Array(bytes.bindMemory(to: CChar.self).prefix { $0 != 0 })
                }
                if name != [46] && name != [46, 46] {  // "." and ".."
                    children.append(path.dropLast() + [47] + name + [0])  // path + "/" + name
                }
            }
            closedir(folder)
        }
        for child in children { removeTree(bytes: child) }
        rmdir(path)
    }
}
