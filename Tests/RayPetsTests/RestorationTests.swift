import Foundation
import Glibc
import Navigation
import RayPets
import Testing

@MainActor
@Suite("State restoration")
struct RestorationTests {
    @Test("a state survives encode and decode, and the version is written")
    func roundTrip() throws {
        let state = NavigationState(
            tab: .learn,
            stacks: [
                .clinic: [.home, .pets, .petDetail("rex")], .learn: [.learn, .howToCode(.wakeUp), .howToCode(.goOut)],
            ],
            dialog: [.petPicker, .visitType(pet: "rex"), .painLevel(pet: "rex"), .fakingIt(pet: "rex")], pain: .aLittle)
        #expect(state.encoded.hasPrefix("version=2\n"))
        #expect(try NavigationState(decoding: state.encoded) == state)
    }

    @Test("the window's size and maximized state survive encode and decode; a bad size line is left out, the rest kept")
    func windowFrame() throws {
        let frame = WindowFrame(width: 1024, height: 700, isMaximized: true)
        let state = NavigationState(
            tab: .clinic, stacks: [.clinic: [.home], .learn: [.learn]], dialog: [], window: frame)
        #expect(state.encoded.contains("window-size=1024x700\nwindow-maximized=true\n"))
        #expect(try NavigationState(decoding: state.encoded) == state)
        let older = NavigationState(tab: .clinic, stacks: [.clinic: [.home, .pets], .learn: [.learn]], dialog: [])
        #expect(
            try NavigationState(decoding: older.encoded).window == nil, "a file without the lines: the default size")
        for bad in ["0x700", "1024x", "x", "-5x20", "99999x700", "1024x700x3", "big"] {
            let text = older.encoded + "window-size=\(bad)\nwindow-maximized=true\n"
            let decoded = try NavigationState(decoding: text)
            #expect(decoded.window == nil, "\(bad) read as a size")
            #expect(decoded.stacks == older.stacks, "a bad size line lost the pages")
        }
        #expect(WindowFrame(width: 0, height: 10, isMaximized: false) == nil)
        let json = Data(#"{"width":0,"height":700,"isMaximized":false}"#.utf8)
        #expect(throws: DecodingError.self, "JSON keeps the sides' rule too") {
            try JSONDecoder().decode(WindowFrame.self, from: json)
        }
    }

    @Test("the navigation state carries the window's frame as the window tells it")
    func stateCarriesTheWindowFrame() {
        let app = AppHarness()
        #expect(app.app.navigationState.window == nil, "a window that cannot tell: no frame saved")
        app.window.frame = WindowFrame(width: 900, height: 640, isMaximized: false)
        #expect(app.app.navigationState.window == app.window.frame)
    }

    @Test("a pet id with the file's separators and escapes survives encode and decode")
    func tokensEscapeIDs() throws {
        let odd = "a,b:c%d e=f"
        let state = NavigationState(
            tab: .clinic, stacks: [.clinic: [.home, .pets, .petDetail(odd)], .learn: [.learn]],
            dialog: [.petPicker, .visitType(pet: odd)])
        #expect(AppRoute.petDetail("rex").token == "pet-detail:rex", "plain ids are written as before")
        #expect(try NavigationState(decoding: state.encoded) == state)
        #expect(AppRoute(token: "pet-detail:%zz") == nil, "a malformed escape is not a route")
    }

    @Test("a restored dialog on No appointment required after Faking it? is rebuilt by its clicks")
    func restoreAfterFakingIt() async throws {
        let state = NavigationState(
            tab: .clinic, stacks: [.clinic: [.home], .learn: [.learn]],
            dialog: [
                .petPicker, .visitType(pet: "rex"), .painLevel(pet: "rex"), .fakingIt(pet: "rex"),
                .noAppointmentRequired(pet: "rex"),
            ], pain: .aLittle)
        let app = AppHarness()
        #expect(await app.app.restore(state))
        await app.settle()
        #expect(app.app.navigationState == state)
    }

    @Test("the app reports its state and rebuilds a saved one: same screen, same Back path")
    func restoreFromFile() async throws {
        let path = makeTemporaryFolder() + "/state/raypets/navigation"
        let first = AppHarness()
        #expect(
            await first.app.open(try DeepLink.parse("raypets://learn/how-to-code/2", pets: ClinicDatabase.samplePets))
        )
        first.tapTab(.clinic)
        #expect(
            await first.app.open(
                try DeepLink.parse(
                    "raypets://clinic/appointment?pet=clover&visit=sick&pain=severe",
                    pets: ClinicDatabase.samplePets)))
        let saved = first.app.navigationState
        #expect(saved.pain == .severe)
        #expect(StateStore(path: path).save(SavedWindows(windows: [saved])))
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600, "the state file is private")

        let second = AppHarness()
        let reports = Reports()
        let loaded = try #require(StateStore(path: path) { reports.lines.append($0) }.load())
        #expect(loaded.windows.count == 1)
        #expect(await second.app.restore(loaded.windows[0]))
        await second.settle()
        #expect(second.app.navigationState == saved)
        #expect(second.learnHost.pages.map(\.route) == [.learn, .howToCode(.wakeUp), .howToCode(.goOut)])
        #expect(second.dialogHost.title == "No appointment required")
        second.tapAction()  // Okay: the restored answers are recorded, pain included
        await second.settle()
        #expect(second.requests.last?.painLevel == .severe)
        #expect(reports.lines.isEmpty)
    }

    @Test(
        "a bad state file is moved aside, reported, and the app starts at Home",
        arguments: [
            ("corrupt", "version=1\ntab=clinic\n\u{7F}\u{1}garbage\n"),
            ("truncated", "version=1\ntab=clinic\nclinic=home,pets\nlea"),
            ("future version", "version=9\ntab=clinic\nclinic=home\nlearn=learn\ndialog=\n"),
            ("unknown page", "version=1\ntab=clinic\nclinic=home,kennel\nlearn=learn\ndialog=\n"),
        ])
    func badFiles(kind: String, contents: String) throws {
        let path = makeTemporaryFolder() + "/navigation"
        writeFile(path, contents)
        let reports = Reports()
        let store = StateStore(path: path) { reports.lines.append($0) }
        #expect(store.load() == nil)
        #expect(reports.lines.count == 1)
        #expect(reports.lines.first?.contains(path + ".corrupt") == true, "report: \(reports.lines)")
        #expect(access(path, F_OK) != 0, "the bad file is no longer in the way")
        #expect(readFile(path + ".corrupt") == contents, "nothing is lost: the file is kept aside")
        #expect(store.load() == nil && reports.lines.count == 1, "no file now: a quiet fresh start")
    }

    /// Two windows, the second with a draft in its editor whose notes are `notes`.
    private func twoWindows(notes: String) -> SavedWindows {
        let first = NavigationState(tab: .clinic, stacks: [.clinic: [.home, .pets], .learn: [.learn]], dialog: [])
        let draft = EditorDraft(
            tab: .clinic, route: .addPet, fields: PetDraft(name: "Pickle", notes: notes), focus: .notes)
        let second = NavigationState(
            tab: .clinic, stacks: [.clinic: [.home, .pets, .addPet], .learn: [.learn]], dialog: [], drafts: [draft])
        return SavedWindows(windows: [first, second], focused: 1)
    }

    @Test(
        "round 3, row 2: what the writer writes the reader reads: a draft with 50,000 Cyrillic letters (an older note) comes back whole"
    )
    func row2LongDraftReadsBack() throws {
        let path = makeTemporaryFolder() + "/navigation"
        let reports = Reports()
        let store = StateStore(path: path) { reports.lines.append($0) }
        let state = twoWindows(notes: String(repeating: "ж", count: 50_000))
        #expect(store.save(state))
        #expect(store.load() == state)
        #expect(reports.lines.isEmpty, "\(reports.lines)")
    }

    @Test("round 3, row 2: a state larger than the reader takes is not written; the last one stays")
    func row2TooLargeIsNotWritten() throws {
        let path = makeTemporaryFolder() + "/navigation"
        let reports = Reports()
        let store = StateStore(path: path) { reports.lines.append($0) }
        let small = twoWindows(notes: "short")
        #expect(store.save(small))
        #expect(!store.save(twoWindows(notes: String(repeating: "ж", count: 3_000_000))))
        let refused = reports.lines.count == 1 && reports.lines[0].contains("more than RayPets reads back")
        #expect(refused, "\(reports.lines)")
        #expect(store.load() == small)
    }

    @Test(
        "round 3, row 2: a state file damaged in part keeps what it can: a bad draft costs only the draft, a bad window only that window",
        arguments: [
            ("window2.draft-notes=", "window2.draft-notes=%ZZ", "window 2's unsaved changes"),
            ("window2.tab=", "window2.tab=kennel", "window 2 ("),
        ])
    func row2DamagedInPart(line: String, damaged: String, dropped: String) throws {
        let path = makeTemporaryFolder() + "/navigation"
        let state = twoWindows(notes: "kept")
        let lines = state.encoded.split(separator: "\n").map { $0.hasPrefix(line) ? Substring(damaged) : $0 }
        let text = lines.joined(separator: "\n") + "\n"
        #expect(text.contains(damaged))
        writeFile(path, text)
        let reports = Reports()
        let store = StateStore(path: path) { reports.lines.append($0) }
        let loaded = try #require(store.load())
        #expect(loaded.windows.first == state.windows[0], "the first window, whole")
        if dropped.hasSuffix("changes") {
            var withoutDraft = state.windows[1]
            withoutDraft.drafts = []
            #expect(loaded.windows == [state.windows[0], withoutDraft] && loaded.focused == 1)
        } else {
            #expect(loaded.windows == [state.windows[0]] && loaded.focused == 0)
        }
        #expect(reports.lines.count == 1 && reports.lines[0].contains(dropped), "\(reports.lines)")
        #expect(readFile(path + ".corrupt") == text, "the damaged file is kept whole")
    }

    @Test("round 3, row 2: a second unusable state file does not replace the first one set aside")
    func row2AsidesAreNeverReplaced() throws {
        let path = makeTemporaryFolder() + "/navigation"
        let store = StateStore(path: path) { _ in }
        for text in ["first damaged file\n", "second damaged file\n"] {
            writeFile(path, text)
            #expect(store.load() == nil)
        }
        #expect(readFile(path + ".corrupt") == "first damaged file\n")
        #expect(readFile(path + ".corrupt-2") == "second damaged file\n")
    }

    @Test("the default path follows XDG_STATE_HOME")
    func defaultPath() {
        #expect(StateStore.defaultPath { $0 == "XDG_STATE_HOME" ? "/s" : "/home/u" } == "/s/raypets/navigation")
        #expect(StateStore.defaultPath { $0 == "HOME" ? "/home/u" : nil } == "/home/u/.local/state/raypets/navigation")
    }
}

@Suite("Navigation state as a Codable value")
struct NavigationStateCodableTests {
    @Test("the state is a Codable value: it round-trips through JSON too")
    func json() throws {
        let state = NavigationState(
            tab: .clinic, stacks: [.clinic: [.home, .pets], .learn: [.learn]],
            dialog: [.petPicker, .visitType(pet: "rex")], pain: nil)
        let data = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(NavigationState.self, from: data) == state)
    }
}
