#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Folders for tests' files. Every one is made inside one folder for the test process
/// (`$TMPDIR/raypets-tests.XXXXXX`, else `/tmp`), which is removed with all it holds when the
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
        guard let made = makeFolder(template: parent + "/raypets-tests.XXXXXX") else {
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
    /// test made read-only is made writable first.
    static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            unlink(path)
            return
        }
        chmod(path, 0o700)
        if let folder = opendir(path) {
            var children: [String] = []
            while let entry = readdir(folder) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(cString: bytes.bindMemory(to: CChar.self).baseAddress!)
                }
                if name != "." && name != ".." { children.append(path + "/" + name) }
            }
            closedir(folder)
            for child in children { removeTree(child) }
        }
        rmdir(path)
    }
}
