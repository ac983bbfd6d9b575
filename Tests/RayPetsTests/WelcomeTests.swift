import Glibc
import Navigation
import NavigationTesting
import RayPets
import Testing

/// Reads a whole file (test helper).
func readFile(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var text = ""
    var buffer = [CChar](repeating: 0, count: 256)
    while fgets(&buffer, 256, file) != nil {
        text += buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
    return text
}

/// Writes a whole file (test helper).
func writeFile(_ path: String, _ text: String) {
    let file = fopen(path, "w")!
    fputs(text, file)
    fclose(file)
}

@MainActor
@Suite("Welcome and settings")
struct WelcomeTests {
    @Test("first launch shows Welcome; Get started saves the flag and leads to the tabs")
    func firstLaunch() async {
        let folder = makeTemporaryFolder()
        let path = folder + "/config/raypets/settings"
        let app = AppHarness(firstLaunch: true, settingsPath: path)
        #expect(app.window.sections == [.welcome])
        #expect(app.welcomeHost.topRoute == .welcome)
        #expect(app.tabHost.hosts[.clinic]!.pages.isEmpty, "no tabs before Get started")
        do {  // scoped: the test must not keep the page model alive itself
            let welcome = app.model(MessageModel.self)
            #expect(welcome.actionTitle == "Get started")
            welcome.performAction()
            welcome.performAction()  // a double click changes nothing
        }
        await app.settle()
        app.track()
        #expect(app.window.sections == [.welcome, .tabs])
        #expect(!app.welcomeHost.isOpen, "the welcome page is gone")
        #expect(app.clinicHost.pages.map(\.route) == [.home])
        #expect(app.app.children.count == 2, "Home and Learn; the welcome flow has finished")
        #expect(readFile(path)?.contains("welcome-completed=true") == true)
        #expect(app.live.liveCount == AppHarness.permanentObjects, "still alive: \(app.live.liveTypeNames)")
    }

    @Test("a later launch goes straight to the tabs")
    func laterLaunch() async {
        let path = makeTemporaryFolder() + "/settings"
        let first = AppHarness(firstLaunch: true, settingsPath: path)
        first.model(MessageModel.self).performAction()
        await first.settle()
        let later = AppHarness(firstLaunch: true, settingsPath: path)
        #expect(later.window.sections == [.tabs])
        #expect(!later.welcomeHost.isOpen)
        #expect(later.reports.lines.isEmpty)
    }

    @Test("an unreadable settings file means first launch, with a message, and no crash")
    func unreadable() {
        let folder = makeTemporaryFolder()
        let path = folder + "/settings"
        mkdir(path, 0o700)  // a folder where the file should be: reading fails
        let app = AppHarness(firstLaunch: true, settingsPath: path)
        #expect(app.window.sections == [.welcome])
        #expect(app.reports.lines.count == 1)
        #expect(app.reports.lines.first?.contains(path) == true)
        #expect(app.services.settings.completeWelcome() == false, "saving over a folder fails")
        #expect(app.services.settings.hasCompletedWelcome, "the choice still holds for this run")
    }

    @Test("a garbled settings file means first launch, with a message")
    func garbled() {
        let path = makeTemporaryFolder() + "/settings"
        writeFile(path, "\u{1}\u{2}garbage without equals\n")
        var reports: [String] = []
        let settings = SettingsStore(path: path) { reports.append($0) }
        #expect(!settings.hasCompletedWelcome)
        #expect(reports.count == 1)
    }

    @Test("a file with Windows line ends (CRLF) reads as written: settings, navigation state (found by fuzzing)")
    func crlfLineEnds() throws {
        let path = makeTemporaryFolder() + "/settings"
        writeFile(path, "# RayPets settings\r\nwelcome-completed=true\r\n")
        var reports: [String] = []
        #expect(SettingsStore(path: path) { reports.append($0) }.hasCompletedWelcome)
        #expect(reports.isEmpty)
        let state = NavigationState(tab: .learn, stacks: [.clinic: [.home, .pets], .learn: [.learn]], dialog: [])
        let crlf = state.encoded.split(separator: "\n").joined(separator: "\r\n") + "\r\n"
        #expect(try NavigationState(decoding: crlf) == state)
    }

    @Test("a missing file is a quiet first launch; saving is atomic and leaves no temporary file")
    func atomicSave() {
        let folder = makeTemporaryFolder()
        let path = folder + "/settings"
        var reports: [String] = []
        let settings = SettingsStore(path: path) { reports.append($0) }
        #expect(!settings.hasCompletedWelcome)
        #expect(reports.isEmpty)
        #expect(settings.completeWelcome())
        #expect(readFile(path) == "# RayPets settings\nwelcome-completed=true\n")
        let directory = opendir(folder)!
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(directory)
        #expect(names == ["settings"])
        #expect(SettingsStore(path: path).hasCompletedWelcome)
    }

    @Test("the default path follows XDG_CONFIG_HOME, else ~/.config")
    func defaultPath() {
        #expect(
            SettingsStore.defaultPath { $0 == "XDG_CONFIG_HOME" ? "/x/config" : "/home/u" }
                == "/x/config/raypets/settings")
        #expect(SettingsStore.defaultPath { $0 == "HOME" ? "/home/u" : nil } == "/home/u/.config/raypets/settings")
        #expect(
            SettingsStore.defaultPath { $0 == "XDG_CONFIG_HOME" ? "relative" : "/home/u" }
                == "/home/u/.config/raypets/settings", "a relative XDG_CONFIG_HOME is ignored, as the spec says")
    }
}
