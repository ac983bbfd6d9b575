import Glibc
import SQLite

extension ClinicDatabase {
    /// `$XDG_DATA_HOME/raypets/clinic.sqlite3`, or `~/.local/share/raypets/clinic.sqlite3`.
    public static func defaultPath(environment: (String) -> FilePath? = AppFiles.environmentVariable) -> FilePath {
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
    /// | no room to write SQLite's own files (a full disk, a file-size limit: `ulimit -f`) | opened read-only |
    /// | not a regular file (a FIFO, a device, a socket) | never read nor waited on: moved aside as `<name>.corrupt-<time>`; a new one with the sample pets (if it cannot be moved: the sample pets in memory, read-only) |
    /// | its `-wal` or `-shm` is not a regular file | that one moved aside as `<name>-wal.corrupt-<time>`; the records open as usual |
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
        path: FilePath, now: Int = LocalTime.now(),
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

    /// `open(path:now:report:)` with `path`'s UTF-8 bytes.
    public static func open(
        path: String, now: Int = LocalTime.now(),
        report: @escaping @MainActor (String) -> Void = AppFiles.reportToStandardError
    ) -> ClinicDatabase {
        open(path: FilePath(path), now: now, report: report)
    }

    private static func openFile(
        path: FilePath, now: Int, notice: (String, String) -> Void
    ) -> ClinicDatabase {
        let folder = path.folder
        let folderReady = AtomicFile.makeFolders(folder)
        for untrusted in [folder, path] {
            guard let why = FileCheck.untrusted(untrusted) else { continue }
            notice(
                L(
                    "RayPets does not use {file} ({reason}): it shows the sample pets, and changes will not be saved.",
                    ["file": untrusted.description, "reason": why]),
                "\(untrusted) is not the user's own (\(why)); not using it, running read-only with the sample pets")
            return readOnlySamples()
        }
        if let link = path.linkStatus(), link.st_mode & S_IFMT == S_IFLNK {
            notice(
                L(
                    "{file} is a link to another file, which RayPets does not follow: it shows the sample pets, and changes will not be saved.",
                    ["file": path.description]),
                "\(path) is a symbolic link; not following it, running read-only with the sample pets")
            return readOnlySamples()
        }
        var exists = path.access(F_OK)
        if exists, let aside = setAsideForeignJournal(path, now: now) {
            notice(
                L(
                    "Changes kept beside {file} belonged to another records file and were not applied to it; they were kept as {aside}.",
                    ["file": path.description, "aside": aside.description]),
                "\(path)-wal is the journal of another file (the records file was replaced); moved it to \(aside), not replayed"
            )
        }
        if exists, let damage = FileCheck.damage(path) {
            if let aside = moveAside(path, now: now) {
                notice(
                    L(
                        "The clinic's records were damaged ({problem}); they were kept as {file} and RayPets started afresh.",
                        ["problem": damage, "file": aside.description]),
                    "\(path) is damaged (\(damage)); moved it to \(aside) and started with the sample pets")
                exists = false
            } else if FileCheck.isIrregular(path) {
                // A FIFO that cannot be moved: SQLite would wait on it for ever.
                notice(
                    L(
                        "RayPets cannot open {file} ({problem}): changes will not be saved.",
                        ["file": path.description, "problem": damage]),
                    "\(path) is \(damage) and cannot be moved aside; running read-only with the sample pets")
                return readOnlySamples()
            }
        }
        if exists { moveIrregularCompanions(of: path, now: now, notice: notice) }
        if exists, let foreign = foreignFile(path) {
            notice(
                L(
                    "{file} is not a RayPets database ({reason}); RayPets left it as it is. It shows the sample pets, and changes will not be saved.",
                    ["file": path.description, "reason": foreign]),
                "\(path) is not a RayPets database (\(foreign)); left it untouched, running read-only with the sample pets"
            )
            return readOnlySamples()
        }
        let writable =
            folderReady && (folder.bytes.isEmpty ? "." : folder).access(W_OK) && (!exists || path.access(W_OK))
        guard writable else {
            guard exists else {
                notice(
                    L("RayPets cannot create {file}: changes will not be saved.", ["file": path.description]),
                    "cannot create \(path) (\(AtomicFile.describe(errno))); running read-only with the sample pets")
                return readOnlySamples()
            }
            notice(
                L("The clinic's records are read-only: you can look, but not change them."),
                "\(path) or its folder is not writable; opened read-only")
            return openReadOnly(path: path, notice: notice)
        }
        do {
            let database = try Database(
                pathBytes: resolvingFolder(path).bytes, mode: .readWriteCreate, followsLinks: false)
            database.setBusyTimeout(milliseconds: busyTimeout)
            path.chmod(0o600)
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
            database.setBusyTimeout(milliseconds: changeBusyTimeout)  // opened: each change waits briefly
            let opened = ClinicDatabase(database: database, isReadOnly: false)
            opened.file = RecordsFile(path: FilePath(bytes: database.pathBytes), database: database)
            return opened
        } catch  where error.isCorrupt {
            guard let aside = moveAside(path, now: now) else { return readOnlySamples() }
            notice(
                L(
                    "The clinic's records were damaged ({problem}); they were kept as {file} and RayPets started afresh.",
                    ["problem": error.message, "file": aside.description]),
                "\(path) is damaged (\(error)); moved it to \(aside) and started with the sample pets")
            return openFile(path: path, now: now, notice: notice)
        } catch  where error.isFull {
            // No room for SQLite's own files (its -shm, a -wal): a file-size limit or a full disk.
            notice(
                L(
                    "There is no room to write the clinic's records (the disk is full, or a limit on file size was reached): you can look, but not change them."
                ),
                "no room to write \(path) (\(error)); opened read-only")
            return openReadOnly(path: path, notice: notice)
        } catch  where error.isBusy {
            notice(
                L("The clinic's records are in use by another program. Close it and restart RayPets."),
                "\(path) is locked by another program (\(error)); running read-only with no records")
            return readOnlyEmpty()
        } catch {
            notice(
                L(
                    "RayPets cannot open {file} ({problem}): changes will not be saved.",
                    ["file": path.description, "problem": error.message]),
                "cannot open \(path): \(error); running read-only with the sample pets")
            return readOnlySamples()
        }
    }

    /// The file, read-only. An older schema is upgraded in a copy in memory (the file stays
    /// as it is); a newer one is read as it is.
    /// A WAL-mode file in a folder that cannot be written (or with no room for its `-shm`
    /// file: a file-size limit) has no `-shm` file to read it through: it is opened immutable
    /// (RayPets quits with every change checkpointed into the file, so nothing is missed
    /// unless a `-wal` file was left behind, which the notice says).
    private static func openReadOnly(path: FilePath, notice: (String, String) -> Void) -> ClinicDatabase {
        do {
            var file = try Database(pathBytes: resolvingFolder(path).bytes, mode: .readOnly, followsLinks: false)
            file.setBusyTimeout(milliseconds: busyTimeout)
            if case .failure(let error) = Result(catching: { () throws(SQLiteError) in try file.userVersion() }),
                error.cannotOpen || error.isReadOnly || error.isFull
            {
                file = try Database(pathBytes: resolvingFolder(path).bytes, mode: .immutable, followsLinks: false)
                if let wal = (path + "-wal").status(), wal.st_size > 0 {
                    notice(
                        L(
                            "The latest changes, kept in {file}, cannot be read in a folder that cannot be written.",
                            ["file": (path + "-wal").description]),
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
                L("RayPets cannot read {file} ({problem}).", ["file": path.description, "problem": error.message]),
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

    /// Moves `path` (and its `-wal`, `-shm` files) aside as `path.corrupt-<time>` (with `-2`,
    /// `-3`… when that is taken); the new path, or `nil` if it could not be moved (then nothing
    /// is overwritten).
    private static func moveAside(_ path: FilePath, now: Int) -> FilePath? {
        let aside = (path + (".corrupt-" + LocalTime.stamp(now))).unused
        guard path.rename(to: aside) else { return nil }
        for suffix in ["-wal", "-shm"] where (path + suffix).access(F_OK) {
            (path + suffix).rename(to: aside + suffix)
        }
        return aside
    }

    /// Moves a `-wal` or `-shm` beside `path` that is not a regular file (a FIFO, a device, a
    /// socket: SQLite would wait on it, or fail) aside as `<name>.corrupt-<time>`, and says so.
    /// Such a file holds none of the records, so nothing is lost; a regular one is left alone.
    private static func moveIrregularCompanions(of path: FilePath, now: Int, notice: (String, String) -> Void) {
        for suffix in ["-wal", "-shm"] where FileCheck.isIrregular(path + suffix) {
            let companion = path + suffix
            let aside = (companion + (".corrupt-" + LocalTime.stamp(now))).unused
            guard companion.rename(to: aside) else { continue }  // then SQLite's open fails, and says why
            notice(
                L(
                    "{file} was not a regular file; RayPets moved it aside as {aside}.",
                    ["file": companion.description, "aside": aside.description]),
                "\(companion) is not a regular file; moved it to \(aside)")
        }
    }
}
