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

    @Test("plural forms follow the count")
    @MainActor func plurals() {
        #expect(Ln("{count} year", "{count} years", count: 1) == "1 year")
        #expect(Ln("{count} year", "{count} years", count: 7) == "7 years")
        #expect(Ln("{count} year", "{count} years", count: 0) == "0 years")
    }
}
