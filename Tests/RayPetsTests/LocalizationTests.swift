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

    @Test("plural forms follow the count")
    @MainActor func plurals() {
        #expect(Ln("{count} year", "{count} years", count: 1) == "1 year")
        #expect(Ln("{count} year", "{count} years", count: 7) == "7 years")
        #expect(Ln("{count} year", "{count} years", count: 0) == "0 years")
    }
}
