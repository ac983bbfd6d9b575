import Glibc
import Navigation
import NavigationTesting
import RayPets
import Testing

/// Writes `bytes` to a new file at `path` (any bytes, not only text).
func writeBytes(_ path: String, _ bytes: [UInt8]) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    precondition(fd >= 0)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

/// Reads a whole file's bytes; `nil` if it cannot be opened.
func readBytes(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count <= 0 { return bytes }
        bytes += buffer[0..<count]
    }
}

/// Links, names and files a hostile or unlucky user could hand the app (issue 30's table):
/// each is refused with a message, or kept, never taken as something it is not.
@MainActor
@Suite("Hostile and unlucky inputs")
struct HostileInputTests {
    @Test("a link longer than DeepLink.maxLength is refused before anything else is read")
    func longLinks() throws {
        let longest = "raypets://clinic/pets/" + String(repeating: "w", count: DeepLink.maxLength - 22)
        #expect(longest.utf8.count == DeepLink.maxLength)
        #expect(throws: DeepLinkError.self) { try DeepLink.parse(longest, pets: []) }  // no such pet, but read
        do {
            _ = try DeepLink.parse(longest + "w", pets: [])
            Issue.record("a link of \(DeepLink.maxLength + 1) bytes was read")
        } catch {
            #expect(error.problem.contains("longer than \(DeepLink.maxLength)"), "problem: \(error.problem)")
            #expect(error.missingPet == nil, "refused, not looked up")
            #expect(error.description.count < 1000, "the link is cut in the message, not printed whole")
        }
        // The valid links' longest: a 64-character name of 4-byte letters, every byte escaped.
        let name = String(repeating: "🐕", count: PetRules.maxNameLength)
        let link = DeepLink.appointment(pet: name, visit: .sick, pain: .worstPossible).uri
        #expect(link.utf8.count * 2 < DeepLink.maxLength)
        #expect(try DeepLink.parse(link, pets: nil) == .appointment(pet: name, visit: .sick, pain: .worstPossible))
    }

    @Test(
        "a control character in a link, raw or %-escaped, is refused; the message escapes it",
        arguments: [
            "raypets://clinic/pets/%1b%5b31mred", "raypets://clinic/pets/a%0Ab", "raypets://clinic/pets/\u{1B}[2J",
            "raypets://clinic/appointment?pet=rex%07", "raypets://clinic/appointment?pet=rex&visit=%E2%80%AEll",
        ])
    func controlCharacters(link: String) {
        do {
            _ = try DeepLink.parse(link, pets: nil)
            Issue.record("\(link.debugDescription) was read")
        } catch {
            #expect(error.problem.contains("control character"), "problem: \(error.problem)")
            #expect(!error.description.unicodeScalars.contains("\u{1B}"), "an escape reached the message")
        }
    }

    @Test("what is written to a terminal has its control characters escaped, new lines kept")
    func terminalText() {
        #expect("a\u{1B}[31mb\u{7}\tc\nd\u{9B}".escapingControls == "a\\u{1B}[31mb\\u{7}\\u{9}c\nd\\u{9B}")
        #expect("Café 🐕".escapingControls == "Café 🐕")
        #expect(String(repeating: "W", count: 10).excerpt(4) == "WWW…")
        #expect("Rex".excerpt(4) == "Rex")
    }

    @Test("a missing pet's name is cut in the notice, and the notice says it")
    func missingPetNotice() async {
        let app = AppHarness()
        let name = String(repeating: "W", count: 1900)
        #expect(!(await app.app.open(uri: "raypets://clinic/pets/" + name)))
        await app.settle()
        #expect(app.visibleRoute == .pets)
        let notice = app.feedback.notices.last ?? ""
        #expect(notice.contains("There is no pet called") && notice.count < 200, "notice: \(notice.prefix(300))")
    }

    @Test("a link that comes on the welcome page waits, with a notice, and opens after Get started")
    func linkOnWelcome() async {
        let app = AppHarness(firstLaunch: true, settingsPath: makeTemporaryFolder() + "/settings")
        #expect(!(await app.app.open(uri: "raypets://clinic/info")))
        #expect(app.feedback.notices == ["The link opens once you press Get started."])
        #expect(app.welcomeHost.visibleRoute == .welcome, "the welcome page stays")
        do { app.model(MessageViewModel.self).performAction() }
        await app.settle()
        #expect(app.clinicHost.pages.map(\.route) == [.home, .clinicInfo])
        // A malformed link is still refused at once.
        let later = AppHarness(firstLaunch: true, settingsPath: makeTemporaryFolder() + "/settings")
        #expect(!(await later.app.open(uri: "raypets://zoo")))
        #expect(later.feedback.notices.last?.contains("no page at /zoo") == true)
    }

    @Test("a navigation state file of random bytes is moved aside, as the README says, and reported")
    func randomStateFile() {
        let path = makeTemporaryFolder() + "/navigation"
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<3000).map { _ in UInt8.random(in: 0...255, using: &generator) } + [0xFF, 0xFE]
        writeBytes(path, bytes)
        let reports = Reports()
        let store = StateStore(path: path) { reports.lines.append($0) }
        #expect(store.load() == nil)
        #expect(access(path, F_OK) != 0, "the file is out of the way: the next save does not overwrite it")
        #expect(readBytes(path + ".corrupt") == bytes, "kept whole")
        #expect(reports.lines.count == 1 && reports.lines[0].contains(".corrupt"), "\(reports.lines)")
    }
}
