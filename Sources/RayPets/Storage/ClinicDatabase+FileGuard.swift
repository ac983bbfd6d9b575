import Glibc
import SQLite

// The records file stays the one the app opened, with the bytes the app (or another SQLite
// connection) left in it; and its journal (`-wal`, `-shm`) never meets another file.

/// What the app knows of the records file it writes: which file it is, which `-wal` and
/// `-shm` files are its journal, and how the file looked after the last change.
struct RecordsFile {
    /// The path the connection opened (its folder resolved).
    let path: FilePath
    /// The file opened.
    let identity: FileIdentity
    /// The connection's `-wal` and `-shm` files, by suffix, as they were at open.
    let journal: [String: FileIdentity]
    /// The file after the app's last change, or another connection's last seen commit.
    var stamp: FileStamp
    /// `PRAGMA data_version` when `stamp` was taken.
    var dataVersion: Int64
    /// Set once the file was found replaced, deleted or written over: every later change fails.
    var isLost = false

    /// The journal's suffixes.
    static let journalSuffixes = ["-wal", "-shm"]

    /// The file `database` has open at `path` (WAL mode, read once so its journal exists),
    /// or `nil` if nothing is there. Marks the `-wal` file as this file's journal
    /// (`JournalMark`).
    @MainActor
    init?(path: FilePath, database: Database) {
        guard let stamp = FileStamp(path) else { return nil }
        self.path = path
        self.identity = stamp.identity
        self.stamp = stamp
        dataVersion = (try? database.dataVersion()) ?? 0
        var journal: [String: FileIdentity] = [:]
        for suffix in Self.journalSuffixes { journal[suffix] = FileIdentity(path + suffix) }
        self.journal = journal
        JournalMark.mark((path + "-wal").bytes, owner: stamp.identity.inode)
    }
}

/// A file's identity, size and times (modified, changed) from one `stat`: what tells that
/// bytes were written into it.
struct FileStamp: Equatable {
    let identity: FileIdentity
    let size: Int
    let modified: timespec
    let changed: timespec

    /// The file at `path` now, or `nil` if there is none.
    init?(_ path: FilePath) {
        guard let info = path.status() else { return nil }
        identity = FileIdentity(info)
        size = Int(info.st_size)
        modified = info.st_mtim
        changed = info.st_ctim
    }

    static func == (a: FileStamp, b: FileStamp) -> Bool {
        a.identity == b.identity && a.size == b.size && a.modified.isSame(as: b.modified)
            && a.changed.isSame(as: b.changed)
    }
}

extension timespec {
    /// The same time, to the nanosecond.
    func isSame(as other: timespec) -> Bool { tv_sec == other.tv_sec && tv_nsec == other.tv_nsec }
}

extension ClinicDatabase {
    /// How the records file differs from the one the app opened and last changed.
    enum FileChange {
        /// Deleted, or another file is at its path (moved or copied there).
        case replaced
        /// The same file, with bytes written into it by something other than SQLite (`cp`
        /// over it, an editor): its size or time of modification changed while `PRAGMA
        /// data_version` says no other connection committed a change.
        case overwritten
    }

    /// Whether the file at the path is still the one opened, with the bytes the app's last
    /// change (or another connection's commit) left: one `stat`, and a `PRAGMA data_version`
    /// only when its size or time of modification changed (a change of its status alone — a
    /// `chmod`, another RayPets opening it — is not a change of its bytes). A change by another connection is taken in as the file's
    /// new look, and the connection's page cache is dropped, so the change about to be made
    /// reads every page from the file as it is now.
    func fileChange() -> FileChange? {
        guard var file, !file.isLost else { return nil }
        guard let now = FileStamp(file.path), now.identity == file.identity else { return .replaced }
        guard now != file.stamp else { return nil }
        // Only its status changed (a chmod, a link, another RayPets opening it): its bytes did not.
        guard now.size != file.stamp.size || !now.modified.isSame(as: file.stamp.modified) else {
            file.stamp = now
            self.file = file
            return nil
        }
        guard let version = try? database.dataVersion(), version != file.dataVersion else { return .overwritten }
        // Taken for that connection's change, the file is read afresh: no page the connection
        // read before it (kept in its cache) is written back over what is in the file now.
        try? database.execute("PRAGMA shrink_memory")
        file.stamp = now
        file.dataVersion = version
        self.file = file
        return nil
    }

    /// After a change: the file as this change left it (a checkpoint writes into it).
    func noteOwnWrite() {
        guard let stamp = file.flatMap({ FileStamp($0.path) }), stamp.identity == file?.identity else { return }
        file?.stamp = stamp
    }

    /// The file was replaced or written over: no change goes into it any more, and the
    /// connection's journal leaves the path, so that it is never replayed into a file it
    /// does not belong to.
    ///
    /// - replaced (or deleted): the journal is checkpointed into the file the app had open
    ///   (its own: where it was moved, or gone with it if it was deleted), then the `-wal`
    ///   and `-shm` files at the path are removed, each only if it is still the app's own
    ///   (same inode as at open). A `-wal` file that could not be checkpointed (a reader held
    ///   it past the busy timeout) is moved aside as `<name>-wal.orphan-<time>` instead.
    /// - overwritten: nothing is checkpointed into the file (now the user's bytes), not even
    ///   when the app quits; the app's `-wal` file is moved aside as `<name>-wal.orphan-<time>`
    ///   (it holds the app's changes not yet in the file), its `-shm` file removed.
    func letGo(_ change: FileChange, now: Int = LocalTime.now()) {
        guard var file, !file.isLost else { return }
        file.isLost = true
        self.file = file
        var emptied = false
        switch change {
        case .replaced: emptied = database.checkpointAndEmptyJournal()
        case .overwritten: database.skipsCheckpointOnClose()
        }
        var done: [String] = []
        for suffix in RecordsFile.journalSuffixes {
            let journal = file.path + suffix
            guard let own = file.journal[suffix], FileIdentity(journal) == own else { continue }
            if suffix == "-wal" && !emptied {
                let aside = (journal + (".orphan-" + LocalTime.stamp(now))).unused
                if journal.rename(to: aside) { done.append("kept \(journal) as \(aside)") }
            } else if journal.unlink() {
                done.append("removed \(journal)")
            }
        }
        let what = change == .replaced ? "deleted or replaced" : "written over by another program"
        report(
            "\(file.path) was \(what) while RayPets ran; "
                + (emptied ? "its changes were checkpointed into the file RayPets had open; " : "")
                + (done.isEmpty ? "no journal of RayPets' was left at its path" : done.joined(separator: ", ")))
    }

    /// At open, before SQLite reads the file: a `-wal` file beside `path` that RayPets marked
    /// as the journal of another file (another inode: the file was replaced while a RayPets
    /// that could not clean up ran) is moved aside with its `-shm` file, as
    /// `<name>-wal.orphan-<time>`, and not replayed. Returns the new name.
    static func setAsideForeignJournal(_ path: FilePath, now: Int) -> FilePath? {
        let wal = path + "-wal"
        guard let info = wal.status(), info.st_size > 0, let owner = JournalMark.owner(of: wal.bytes),
            let file = FileIdentity(path), owner != file.inode
        else { return nil }
        let aside = (path + ("-wal.orphan-" + LocalTime.stamp(now))).unused
        guard wal.rename(to: aside) else { return nil }
        (path + "-shm").rename(to: (path + ("-shm.orphan-" + LocalTime.stamp(now))).unused)
        return aside
    }
}
