import Foundation
import RayPets
import Testing

@Suite("Localization")
struct LocalizationTests {
    @Test("untranslated text comes back intact, with placeholders filled after translation")
    @MainActor func untranslated() {
        // Long enough that a dangling pointer to a temporary C string would show (it did).
        let text = "A message long enough to live on the heap rather than inline in the String, {name}."
        #expect(
            L(text, ["name": "Rex"])
                == "A message long enough to live on the heap rather than inline in the String, Rex.")
        #expect(L("No placeholders") == "No placeholders")
        #expect(L("{a} and {a}", ["a": "x"]) == "x and x")
    }

    @Test("placeholders: unknown keys and an unclosed brace stay as written; any text fills them")
    @MainActor func placeholderEdges() {
        #expect(L("{unknown} stays", ["a": "x"]) == "{unknown} stays")
        #expect(L("open {a", ["a": "x"]) == "open {a")
        #expect(L("{a}{b}", ["a": "1", "b": "2"]) == "12")
        // Text around and inside the braces that is not ASCII: accents, combining marks, emoji.
        #expect(L("Für {pet}\u{301} ✓", ["pet": "Zoë 🐕‍🦺"]) == "Für Zoë 🐕‍🦺\u{301} ✓")
        #expect(L("{tier}", ["tier": "é"]) == "é")
        #expect(L("{}", ["": "empty"]) == "empty")
    }

    @Test("an installed app finds its translations beside glibc's `locale` program (a file, not a folder)")
    func translationsOfAnInstalledApp() throws {
        // Found by the installed-app check on a clean Debian 13: in /usr/bin, "bin/locale" is
        // glibc's program, so the app looked in it for raypets.mo and showed English.
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("raypets-prefix-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/share/locale", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: prefix + "/bin/locale", contents: Data("#!/bin/sh\n".utf8)))
        #expect(translationsFolder(nextTo: prefix + "/bin") == prefix + "/bin/../share/locale")
        // A build's folder: the translations beside the binaries come first.
        try FileManager.default.removeItem(atPath: prefix + "/bin/locale")
        try FileManager.default.createDirectory(atPath: prefix + "/bin/locale", withIntermediateDirectories: true)
        #expect(translationsFolder(nextTo: prefix + "/bin") == prefix + "/bin/locale")
    }

    @Test("plural forms follow the count")
    @MainActor func plurals() {
        #expect(Ln("{count} year", "{count} years", count: 1) == "1 year")
        #expect(Ln("{count} year", "{count} years", count: 7) == "7 years")
        #expect(Ln("{count} year", "{count} years", count: 0) == "0 years")
    }
}
