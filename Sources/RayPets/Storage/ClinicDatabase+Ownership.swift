import Glibc
import SQLite

// Whether the file at the records' path is RayPets' own, and stays the one opened.

extension ClinicDatabase {
    /// Why the SQLite file at `path` is not a RayPets database, or `nil` if it is one (or
    /// cannot be read here: opening it will say why). Ours: RayPets' `application_id`; or no
    /// `application_id` and either nothing in it yet or an older RayPets' tables. Looked at
    /// through an immutable connection (no locks, no `-wal` or `-shm` file made beside it; a
    /// read-only one when a `-wal` file holds pages), so a file that is not ours is not changed.
    static func foreignFile(_ path: FilePath) -> String? {
        // Immutable reads the file alone: with pages still in a -wal file (another program's
        // database in WAL mode), read through an ordinary read-only connection instead, or the
        // file would look empty, and empty files are ours.
        let hasWAL = ((path + "-wal").status()?.st_size ?? 0) > 0
        guard
            let file = try? Database(
                pathBytes: resolvingFolder(path).bytes, mode: hasWAL ? .readOnly : .immutable, followsLinks: false),
            let id = try? file.applicationID(), let version = try? file.userVersion(),
            let names = try? file.schemaNames()
        else { return nil }
        if id == ClinicSchema.applicationID { return nil }
        if id != 0 { return L("it belongs to another application") }
        if names.isEmpty && version == 0 { return nil }
        if (1..<4).contains(version), names.contains("pets"), names.contains("counters") { return nil }
        return L("it holds another program's tables")
    }
}

extension ClinicDatabase {
    /// `path` with its folder's symbolic links resolved (a home or data folder that is a link
    /// is the user's own arrangement), so that `SQLITE_OPEN_NOFOLLOW` refuses only a link at
    /// the file itself — it refuses a link anywhere in the path it is given.
    static func resolvingFolder(_ path: FilePath) -> FilePath {
        guard let slash = path.bytes.lastIndex(of: UInt8(ascii: "/")) else { return path }
        let folder = path.folder
        guard let real = (folder.bytes.isEmpty ? "/" : folder).withCString({ realpath($0, nil) }) else { return path }
        defer { free(real) }
        let resolved = UnsafeBufferPointer(start: real, count: strlen(real)).map { UInt8(bitPattern: $0) }
        return FilePath(bytes: resolved + path.bytes[slash...])
    }
}

/// Which file a path names (device and inode), to notice when the database file is deleted
/// or replaced while the app runs.
struct FileIdentity: Equatable {
    let device: UInt
    let inode: UInt

    /// The file at `path` now, or `nil` if there is none.
    init?(_ path: FilePath) {
        guard let info = path.status() else { return nil }
        self.init(info)
    }

    /// The file `info` describes.
    init(_ info: stat) {
        device = UInt(info.st_dev)
        inode = UInt(info.st_ino)
    }
}
