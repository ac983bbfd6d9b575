import Dispatch
import Glibc
import Testing

@testable import RayPets

/// `bytes` (a path as the system gives it, any bytes but NUL) as a C string for `body`.
private func withPath<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
    (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// Whether something exists at the path `bytes`.
private func exists(_ bytes: [UInt8]) -> Bool { withPath(bytes) { access($0, F_OK) } == 0 }

/// Runs `body`, which may open the FIFO at `fifo` for reading; if it has not returned after
/// 10 s (blocked in `open`, waiting for a writer that never comes), opens the FIFO's writing
/// end once and closes it, so that `body` goes on and the test can fail instead of hanging.
/// Returns whether that was needed.
@MainActor
private func unblockingFIFO(_ fifo: String, _ body: () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let watchdog = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var unblocked = false
    DispatchQueue.global().async {
        if done.wait(timeout: .now() + 10) == .timedOut {
            unblocked = true
            let fd = open(fifo, O_WRONLY)  // pairs with the reader blocked in open
            if fd >= 0 { close(fd) }
            done.wait()
        }
        watchdog.signal()
    }
    body()
    done.signal()
    watchdog.wait()
    return unblocked
}

/// The files RayPets reads and writes, at the file system's edges (issue 42).
@MainActor
@Suite("Files at the file system's edges (issue 42)")
struct FileSystemEdgeTests {
    @Test(
        "row 1 (issue 42): the navigation state file or the settings file is a FIFO: never waited on; the state FIFO is moved aside and reported, the settings FIFO reported"
    )
    func fifoStateAndSettings() {
        let folder = makeTemporaryFolder()
        let state = folder + "/navigation"
        let settingsPath = folder + "/settings"
        #expect(mkfifo(state, 0o600) == 0 && mkfifo(settingsPath, 0o600) == 0)

        let reports = Reports()
        var loaded: SavedWindows?
        let stateBlocked = unblockingFIFO(state) {
            loaded = StateStore(path: state) { reports.lines.append($0) }.load()
        }
        #expect(!stateBlocked, "loading the state waited on the FIFO")
        #expect(loaded == nil)
        var info = stat()
        #expect(lstat(state + ".corrupt", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the FIFO, moved aside")
        #expect(access(state, F_OK) != 0, "out of the way of the next save")
        #expect(
            reports.lines.count == 1 && reports.lines.first?.contains("not a regular file") == true, "\(reports.lines)")

        reports.lines = []
        var settings: SettingsStore?
        let settingsBlocked = unblockingFIFO(settingsPath) {
            settings = SettingsStore(path: settingsPath) { reports.lines.append($0) }
        }
        #expect(!settingsBlocked, "reading the settings waited on the FIFO")
        #expect(settings?.hasCompletedWelcome == false, "a first launch")
        #expect(
            reports.lines.count == 1 && reports.lines.first?.contains("not a regular file") == true, "\(reports.lines)")
        #expect(settings?.completeWelcome() == true, "the next save replaces the FIFO with a file")
        #expect(lstat(settingsPath, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    }

    @Test(
        "row 1 (issue 42): a FIFO at the records' path, or at its -wal or -shm: never waited on, moved aside and reported; the app gets records it can write"
    )
    func fifoDatabase() throws {
        for suffix in ["", "-wal", "-shm"] {
            let folder = makeTemporaryFolder() + "/raypets"
            let path = folder + "/clinic.sqlite3"
            if !suffix.isEmpty {
                // Closed at the end of the scope: the -wal and -shm files are gone.
                _ = try ClinicData(store: ClinicDatabase.open(path: path) { _ in }).add(PetDraft(name: "Biscuit"))
            } else {
                #expect(mkdir(folder, 0o700) == 0)
            }
            #expect(mkfifo(path + suffix, 0o600) == 0)
            let reports = Reports()
            var store: ClinicDatabase?
            let blocked = unblockingFIFO(path + suffix) {
                store = ClinicDatabase.open(path: path) { reports.lines.append($0) }
            }
            #expect(!blocked, "opening the records waited on a FIFO at \(suffix.isEmpty ? "the file" : suffix)")
            let opened = try #require(store)
            #expect(!opened.isReadOnly, "\(suffix): \(reports.lines)")
            #expect(
                reports.lines.count == 1 && reports.lines.first?.contains("not a regular file") == true,
                "\(suffix): \(reports.lines)")
            var info = stat()
            #expect(
                lstat(path + suffix, &info) != 0 || info.st_mode & S_IFMT == S_IFREG,
                "\(suffix): the FIFO is out of the way")
            if !suffix.isEmpty {
                let names = try ClinicData(store: opened).allPets().map(\.name)
                #expect(names.contains("Biscuit"), "\(suffix): the records are the user's: \(names)")
            }
            _ = try ClinicData(store: opened).add(PetDraft(name: "Pumpkin"))
        }
    }

    @Test(
        "row 8 (issue 42): XDG folders whose names hold bytes that are not UTF-8: settings, state and records are read from and written to exactly those folders"
    )
    func nonUTF8Folders() throws {
        let base = Array(makeTemporaryFolder().utf8) + Array("/caf".utf8) + [0xE9, 0x2D, 0xFF]  // Latin-1 "café-", 0xFF
        #expect(withPath(base) { mkdir($0, 0o700) } == 0)
        var folders: [String: [UInt8]] = [:]
        for (variable, name) in [("XDG_CONFIG_HOME", "config"), ("XDG_STATE_HOME", "state"), ("XDG_DATA_HOME", "data")]
        {
            let folder = base + Array("/\(name)".utf8)
            #expect(withPath(folder) { mkdir($0, 0o700) } == 0)
            #expect(withPath(folder + Array("/raypets".utf8)) { mkdir($0, 0o700) } == 0)
            folders[variable] = folder
        }
        func write(_ path: [UInt8], _ text: String) {
            let fd = withPath(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
            _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
            close(fd)
        }
        write(folders["XDG_CONFIG_HOME"]! + Array("/raypets/settings".utf8), "welcome-completed=true\n")
        write(
            folders["XDG_STATE_HOME"]! + Array("/raypets/navigation".utf8),
            "version=3\nwindows=2\nfocused=1\ntab=clinic\nclinic=home,pets\nlearn=learn\ndialog=\n"
                + "window2.tab=learn\nwindow2.clinic=home\nwindow2.learn=learn\nwindow2.dialog=\n")
        let saved = folders.keys.map { ($0, getenv($0).map { String(cString: $0) }) }
        for (variable, folder) in folders { _ = withPath(folder) { setenv(variable, $0, 1) } }
        defer {
            for (variable, value) in saved {
                if let value { setenv(variable, value, 1) } else { unsetenv(variable) }
            }
        }

        let reports = Reports()
        let settings = SettingsStore(path: SettingsStore.defaultPath()) { reports.lines.append($0) }
        #expect(settings.hasCompletedWelcome, "the user's settings were read")
        let state = StateStore(path: StateStore.defaultPath()) { reports.lines.append($0) }
        let windows = state.load()
        #expect(windows?.windows.count == 2, "the user's navigation state was read")
        #expect(state.save(SavedWindows(windows: windows?.windows ?? [])))
        let store = ClinicDatabase.open(path: ClinicDatabase.defaultPath()) { reports.lines.append($0) }
        #expect(!store.isReadOnly)
        _ = try ClinicData(store: store).add(PetDraft(name: "Biscuit"))
        #expect(exists(folders["XDG_DATA_HOME"]! + Array("/raypets/clinic.sqlite3".utf8)), "the records, in the folder")
        #expect(reports.lines.isEmpty, "\(reports.lines)")
        // Nothing made beside it under another name (the bytes turned into U+FFFD).
        let replaced = Array(String(decoding: base, as: UTF8.self).utf8)
        #expect(!exists(replaced), "a folder with U+FFFD in its name was made")

        // A message about a file there shows its path readably, every byte escaped as \xNN.
        write(folders["XDG_STATE_HOME"]! + Array("/raypets/navigation".utf8), "not a state\n")
        _ = StateStore(path: StateStore.defaultPath()) { reports.lines.append($0) }.load()
        #expect(
            reports.lines.count == 1
                && reports.lines.first?.contains("caf\\xE9-\\xFF/state/raypets/navigation") == true, "\(reports.lines)")
        #expect(exists(folders["XDG_STATE_HOME"]! + Array("/raypets/navigation.corrupt".utf8)), "moved aside, in place")
    }
}
