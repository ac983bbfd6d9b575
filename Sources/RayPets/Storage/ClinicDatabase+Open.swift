import Glibc
import SQLite

extension ClinicDatabase {
    /// `$XDG_DATA_HOME/raypets/clinic.sqlite3`, or `~/.local/share/raypets/clinic.sqlite3`.
    public static func defaultPath(environment: (String) -> String? = AppFiles.environmentVariable) -> String {
        AppFiles.path(of: "clinic.sqlite3", in: .data, environment: environment)
    }

    /// Opens the database at `path`, creating it (folder 0700, file 0600) and migrating it to
    /// the current schema. Never fails and never loses data: every problem is a notice
    /// (in `notices`, and sent to `report`), and the app still gets records to show.
    ///
    /// | the file | what happens |
    /// |---|---|
    /// | missing | created with the sample pets |
    /// | not a database, damaged or cut short | moved aside as `<name>.corrupt-<time>`; a new one with the sample pets |
    /// | read-only, or its folder is not writable | opened read-only (an older schema is upgraded in memory only) |
    /// | folder cannot be created | the sample pets in memory, read-only |
    /// | written by a newer RayPets | opened read-only |
    /// | locked by another program | waits `busyTimeout`, then opens read-only in memory, empty |
    /// | a symbolic link | not followed: the sample pets in memory, read-only |
    /// | another program's SQLite file (not RayPets' `application_id`, nor an older RayPets' tables) | left as it is: the sample pets in memory, read-only |
    /// | read-only, in WAL mode, in a folder that cannot be written | opened immutable (no `-shm` needed), read-only |
    ///
    /// The file opened is remembered (device, inode, size and times; `RecordsFile`): if it is
    /// deleted, replaced (`mv`) or written over (`cp` onto it) while the app runs, the next
    /// change fails with `StoreError.Kind.gone` before anything is written, and nothing is
    /// reported as saved. Another SQLite connection's committed changes are not taken for
    /// writing over (`PRAGMA data_version` tells them apart).
    ///
    /// No journal is replayed into a file it does not belong to: when the app finds its file
    /// replaced (at a change, or when it quits), its own `-wal` and `-shm` files (same inode
    /// as at open) are checkpointed into the file it had open and removed from the path; a
    /// file written over gets nothing checkpointed into it, and the app's `-wal` file is kept
    /// aside (`ClinicDatabase.letGo`). At open, a `-wal` file that RayPets marked (an extended
    /// attribute) as the journal of another inode is moved aside as `<name>-wal.orphan-<time>`
    /// and not replayed, with a notice. Not covered: a file written over in place (same
    /// inode) while the app was killed, and a `-wal` file without the mark (a file system
    /// without extended attributes, or one made by another program): SQLite replays those.
    public static func open(
        path: String, now: Int = LocalTime.now(),
        report: @escaping @MainActor (String) -> Void = AppFiles.reportToStandardError
    ) -> ClinicDatabase {
        var notices: [String] = []
        func notice(_ user: String, _ log: String) {
            notices.append(user)
            report(log)
        }
        let opened = openFile(path: path, now: now, notice: notice)
        opened.notices = notices
        opened.report = report
        return opened
    }

    private static func openFile(
        path: String, now: Int, notice: (String, String) -> Void
    ) -> ClinicDatabase {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        let folderReady = AtomicFile.makeFolders(folder)
        var link = stat()
        if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
            notice(
                L(
                    "{file} is a link to another file, which RayPets does not follow: it shows the sample pets, and changes will not be saved.",
                    ["file": path]),
                "\(path) is a symbolic link; not following it, running read-only with the sample pets")
            return readOnlySamples()
        }
        var exists = access(path, F_OK) == 0
        if exists, let aside = setAsideForeignJournal(path, now: now) {
            notice(
                L(
                    "Changes kept beside {file} belonged to another records file and were not applied to it; they were kept as {aside}.",
                    ["file": path, "aside": aside]),
                "\(path)-wal is the journal of another file (the records file was replaced); moved it to \(aside), not replayed"
            )
        }
        if exists, let damage = FileCheck.damage(path) {
            if let aside = moveAside(path, now: now) {
                notice(
                    L(
                        "The clinic's records were damaged ({problem}); they were kept as {file} and RayPets started afresh.",
                        ["problem": damage, "file": aside]),
                    "\(path) is damaged (\(damage)); moved it to \(aside) and started with the sample pets")
                exists = false
            }
        }
        if exists, let foreign = foreignFile(path) {
            notice(
                L(
                    "{file} is not a RayPets database ({reason}); RayPets left it as it is. It shows the sample pets, and changes will not be saved.",
                    ["file": path, "reason": foreign]),
                "\(path) is not a RayPets database (\(foreign)); left it untouched, running read-only with the sample pets"
            )
            return readOnlySamples()
        }
        let writable =
            folderReady && access(folder.isEmpty ? "." : folder, W_OK) == 0 && (!exists || access(path, W_OK) == 0)
        guard writable else {
            guard exists else {
                notice(
                    L("RayPets cannot create {file}: changes will not be saved.", ["file": path]),
                    "cannot create \(path) (\(AtomicFile.describe(errno))); running read-only with the sample pets")
                return readOnlySamples()
            }
            notice(
                L("The clinic's records are read-only: you can look, but not change them."),
                "\(path) or its folder is not writable; opened read-only")
            return openReadOnly(path: path, notice: notice)
        }
        do {
            let database = try Database(path: resolvingFolder(path), mode: .readWriteCreate, followsLinks: false)
            database.setBusyTimeout(milliseconds: busyTimeout)
            chmod(path, 0o600)
            let version = try database.userVersion()
            if version > ClinicSchema.currentVersion {
                notice(
                    L("The clinic's records were saved by a newer RayPets: you can look, but not change them."),
                    "\(path) has schema version \(version), this RayPets writes \(ClinicSchema.currentVersion); opened read-only"
                )
                return openReadOnly(path: path, notice: notice)
            }
            try database.execute("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON")
            try ClinicSchema.migrate(database)
            let opened = ClinicDatabase(database: database, isReadOnly: false)
            opened.file = RecordsFile(path: database.path, database: database)
            return opened
        } catch  where error.isCorrupt {
            guard let aside = moveAside(path, now: now) else { return readOnlySamples() }
            notice(
                L(
                    "The clinic's records were damaged ({problem}); they were kept as {file} and RayPets started afresh.",
                    ["problem": error.message, "file": aside]),
                "\(path) is damaged (\(error)); moved it to \(aside) and started with the sample pets")
            return openFile(path: path, now: now, notice: notice)
        } catch  where error.isBusy {
            notice(
                L("The clinic's records are in use by another program. Close it and restart RayPets."),
                "\(path) is locked by another program (\(error)); running read-only with no records")
            return readOnlyEmpty()
        } catch {
            notice(
                L(
                    "RayPets cannot open {file} ({problem}): changes will not be saved.",
                    ["file": path, "problem": error.message]),
                "cannot open \(path): \(error); running read-only with the sample pets")
            return readOnlySamples()
        }
    }

    /// The file, read-only. An older schema is upgraded in a copy in memory (the file stays
    /// as it is); a newer one is read as it is.
    /// A WAL-mode file in a folder that cannot be written has no `-shm` file to read it
    /// through: it is opened immutable (RayPets quits with every change checkpointed into the
    /// file, so nothing is missed unless a `-wal` file was left behind, which the notice says).
    private static func openReadOnly(path: String, notice: (String, String) -> Void) -> ClinicDatabase {
        do {
            var file = try Database(path: resolvingFolder(path), mode: .readOnly, followsLinks: false)
            file.setBusyTimeout(milliseconds: busyTimeout)
            if case .failure(let error) = Result(catching: { () throws(SQLiteError) in try file.userVersion() }),
                error.cannotOpen || error.isReadOnly
            {
                file = try Database(path: resolvingFolder(path), mode: .immutable, followsLinks: false)
                var wal = stat()
                if stat(path + "-wal", &wal) == 0, wal.st_size > 0 {
                    notice(
                        L(
                            "The latest changes, kept in {file}, cannot be read in a folder that cannot be written.",
                            ["file": path + "-wal"]),
                        "\(path) is in WAL mode in a read-only folder; opened immutable without \(path)-wal (\(wal.st_size) bytes)"
                    )
                }
            }
            guard try file.userVersion() < ClinicSchema.currentVersion else {
                return ClinicDatabase(database: file, isReadOnly: true)
            }
            let memory = try Database(path: ":memory:", mode: .readWriteCreate)
            try file.copy(to: memory)
            try memory.execute("PRAGMA foreign_keys = ON")
            try ClinicSchema.migrate(memory)
            return ClinicDatabase(database: memory, isReadOnly: true)
        } catch {
            notice(
                L("RayPets cannot read {file} ({problem}).", ["file": path, "problem": error.message]),
                "cannot read \(path): \(error); showing the sample pets")
            return readOnlySamples()
        }
    }

    private static func readOnlySamples() -> ClinicDatabase {
        ClinicDatabase(database: inMemory().database, isReadOnly: true)
    }

    private static func readOnlyEmpty() -> ClinicDatabase {
        let database = inMemory().database
        try? database.execute("DELETE FROM pets")
        return ClinicDatabase(database: database, isReadOnly: true)
    }

    /// Moves `path` (and its `-wal`, `-shm` files) aside as `path.corrupt-<time>`; the new
    /// path, or `nil` if it could not be moved (then nothing is overwritten).
    private static func moveAside(_ path: String, now: Int) -> String? {
        let aside = path + ".corrupt-" + LocalTime.stamp(now)
        guard rename(path, aside) == 0 else { return nil }
        for suffix in ["-wal", "-shm"] where access(path + suffix, F_OK) == 0 {
            rename(path + suffix, aside + suffix)
        }
        return aside
    }
}

/// A look at a database file's header before SQLite opens it: SQLite reads pages lazily, so
/// a file cut short would only fail later, in the middle of a change.
enum FileCheck {
    /// What is wrong with the file at `path`, or `nil` if its header is sound (or it is empty,
    /// which SQLite treats as a new database).
    static func damage(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }  // unreadable: SQLite will say why
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
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
        if pages > 0, number(24) == number(92), access(path + "-wal", F_OK) != 0, size < pages * pageSize {
            return L("cut short")
        }
        return nil
    }
}
