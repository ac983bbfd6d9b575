import Navigation
import NavigationTesting
import SQLite
import Testing

@testable import RayPets

/// Issue 42's rows about text: names that look alike, accents, text from outside in a message,
/// a pasted search. Each test is named after its row.
@MainActor
@Suite("Hostile text, round two (issue 42)")
struct HostileTextTests {
    let today = SimpleDate(year: 2026, month: 11, day: 27)!

    func data() -> ClinicData {
        ClinicData(store: ClinicDatabase.inMemory(), today: { [today] in today })
    }

    @Test("row 9 (issue 42): a zero-width space, a space and Whiskers is Whiskers: refused as a second Whiskers")
    func zeroWidthSpaceThenSpace() throws {
        let data = data()
        #expect(PetRules.nameKey("\u{200B} Whiskers") == PetRules.nameKey("Whiskers"))
        #expect(PetRules.nameKey("Whiskers \u{200B}\u{FEFF} ") == "whiskers")
        let problem = data.problems(in: PetDraft(name: "\u{200B} Whiskers"), editing: nil)[.name]
        #expect(problem == "Another pet is already called Whiskers.")
        #expect(throws: StoreError.self) { try data.add(PetDraft(name: "\u{2060} \u{200B} Whiskers")) }
        // A new name is stored without what draws nothing at its ends, so it cannot show a space
        // before it.
        let luna = try data.add(PetDraft(name: "\u{200B} Luna\u{200B} "))
        #expect(luna.name == "Luna")
        // An emoji's variation selector (default-ignorable too) belongs to it and stays.
        #expect(try data.add(PetDraft(name: "Rex \u{2764}\u{FE0F}")).name == "Rex \u{2764}\u{FE0F}")
        // A name of nothing but what draws nothing is still told apart from an empty one.
        #expect(
            data.problems(in: PetDraft(name: " \u{200B} "), editing: nil)[.name]
                == "Enter a name with letters that can be seen.")
        #expect(data.problems(in: PetDraft(name: "  "), editing: nil)[.name] == "Enter a name.")
        // A joiner inside a name is kept: it is part of the name.
        #expect(try data.add(PetDraft(name: "🐕\u{200D}🦺 Guide")).name == "🐕\u{200D}🦺 Guide")
    }

    @Test("row 9 (issue 42): an older file's names are keyed again; a hidden twin of another name keeps its old key")
    func olderFileKeyedAgain() throws {
        let path = makeTemporaryFolder() + "/clinic.sqlite3"
        do {
            let file = try Database(path: path, mode: .readWriteCreate)
            try ClinicSchema.migrate(file, upTo: 4)
            let insert = try file.prepare(
                "INSERT INTO pets (id, name, name_key, species, position) VALUES (?1, ?2, ?3, 'cat', ?4)")
            // Keyed by the old rule (trimmed before the zero-width space was removed).
            try insert.run([.text("a"), .text("\u{200B} Luna"), .text(" luna"), .integer(10)])
            try insert.run([.text("b"), .text("\u{200B} Whiskers"), .text(" whiskers"), .integer(11)])
        }
        let data = ClinicData(store: ClinicDatabase.open(path: path) { _ in }, today: { [today] in today })
        #expect(data.pet(id: "a")?.name == "Luna" && data.pet(named: "luna")?.id == "a")
        #expect(data.pet(id: "b")?.name == "Whiskers", "shown without its hidden start, and kept")
        #expect(data.pet(named: "Whiskers")?.id == "whiskers", "the sample Whiskers keeps its key")
        #expect(data.problems(in: PetDraft(name: "Whiskers"), editing: "b")[.name] != nil, "the rule speaks on edit")
    }

    @Test("row 12 (issue 42): e and five accent marks is refused: the accents are counted after decomposition")
    func accentsCountedDecomposed() {
        let data = data()
        let five = "e" + String(repeating: "\u{301}", count: 1) + String(repeating: "\u{346}", count: 4)
        #expect(five.nfc.unicodeScalars.count == 5, "the first mark merges into é")
        #expect(data.problems(in: PetDraft(name: five), editing: nil)[.name] == "Too many accents on one letter.")
        // Typed precomposed, the same: é and four marks.
        let precomposed = "\u{E9}" + String(repeating: "\u{346}", count: 4)
        #expect(
            data.problems(in: PetDraft(name: precomposed), editing: nil)[.name] == "Too many accents on one letter.")
        // Two marks precomposed in one letter (ǖ is u, diaeresis, macron) and three more: five.
        #expect(
            data.problems(in: PetDraft(name: "\u{1D6}" + String(repeating: "\u{346}", count: 3)), editing: nil)[.name]
                == "Too many accents on one letter.")
        // Four in all stay allowed, whatever their form; Vietnamese letters (two marks) too.
        for name in [
            "e\u{301}\u{346}\u{346}\u{346}", "\u{E9}\u{346}\u{346}\u{346}", "\u{1D6}\u{346}\u{346}", "Tiếng Việt",
        ] {
            #expect(data.problems(in: PetDraft(name: name), editing: nil)[.name] == nil, "\(name)")
        }
        // Letters that only look composed (đ, ø, ł) carry no mark; Hangul decomposes to letters.
        #expect(PetRules.marks(in: "\u{111}") == 0 && PetRules.marks(in: "\u{F8}") == 0)
        #expect(PetRules.marks(in: "\u{D55C}") == 0 && PetRules.marks(in: "\u{1EC7}") == 2)
    }

    @Test("row 11 (issue 42): a link with a right-to-left override is refused, and the notice shows it as it was typed")
    func rightToLeftOverrideInLink() async {
        let app = AppHarness()
        let link = "raypets://clinic/\u{202E}ofni"
        #expect(!(await app.app.open(uri: link)))
        let notice = app.feedback.notices.last ?? ""
        #expect(notice.hasPrefix("Cannot open"), "notice: \(notice)")
        #expect(!notice.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) }, "no override in \(notice)")
        #expect(notice.contains("\\u{202E}ofni"), "the override is shown, not obeyed: \(notice)")
        // What came from outside sits in an isolate: right-to-left text in it cannot reorder the sentence.
        #expect(notice.contains("\u{2068}raypets://clinic/\\u{202E}ofni\u{2069}"), "\(notice)")
        #expect(!(await app.app.open(uri: "raypets://clinic/pets/%E2%80%AEkcab")))
        #expect(app.feedback.notices.last?.contains("\u{2068}raypets://clinic/pets/%E2%80%AEkcab\u{2069}") == true)
        // A missing pet's name from outside sits in an isolate too.
        #expect(!(await app.app.open(uri: "raypets://clinic/pets/%D7%A9%D7%9C%D7%95%D7%9D")))
        let missing = app.feedback.notices.last ?? ""
        #expect(missing.contains("\u{2068}שלום\u{2069};"), "\(missing)")
        // A terminal is not steered either.
        #expect("a\u{202E}b\u{2067}c".escapingControls == "a\\u{202E}b\\u{2067}c")
    }

    @Test("row 13 (issue 42): a pasted search of 50,000 characters is cut, and so is its empty state")
    func pastedLongSearch() {
        let model = PetListModel(title: "My pets", prompt: "", data: data())
        let pasted = String(repeating: "z", count: 50_000)
        model.search(pasted)
        #expect(model.count == 0)
        #expect(model.searchText.count == PetSearch.maxLength, "the search reads no further than its limit")
        #expect(model.emptyText.count < 80, "the empty state quotes a short excerpt: \(model.emptyText.count)")
        #expect(model.emptyText.hasPrefix("No pets match “\u{2068}zzz") && model.emptyText.hasSuffix("…\u{2069}”."))
        // The limit's words still search.
        let found = PetListModel(title: "My pets", prompt: "", data: data())
        found.search("rex" + String(repeating: " ", count: 60_000) + "qqq")
        #expect(found.rows.map(\.title) == ["Rex"])
    }
}
