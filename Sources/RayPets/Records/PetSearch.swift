/// What the user typed in a list's search entry, as a query on the pets' names: every word
/// typed must start a word of the name, ignoring case and accents ("ma" finds *Max* and
/// *Big Mac*; "bi ma" finds only *Big Mac*). Empty text lists every pet.
public struct PetSearch: Equatable, Sendable {
    /// The text as typed, up to `maxLength` characters.
    public let text: String
    /// The words of `text`: its runs of letters and digits (as SQLite's full-text index cuts
    /// names into words).
    public let words: [String]

    /// The most characters of a search that are read: a name is at most
    /// `PetRules.maxNameLength` long, so a longer search (a paste of a whole page) can match
    /// nothing more, and is cut here before anything else reads it.
    public static let maxLength = 100

    /// Every pet.
    public static let all = PetSearch("")

    /// A search for `text`, cut to its first `maxLength` characters.
    public init(_ text: String) {
        let text = String(text.prefix(Self.maxLength))
        self.text = text
        words = text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// Whether this lists every pet (nothing but spaces was typed).
    public var isAll: Bool { text.allSatisfy(\.isWhitespace) }

    /// The full-text query: each word as a quoted prefix (`"ma"* "bi"*`), so nothing typed is
    /// read as query syntax. `nil` for `all`; text with no word in it (only punctuation)
    /// matches no name, and gives a query that finds nothing.
    var matchQuery: String? {
        guard !isAll else { return nil }
        guard !words.isEmpty else { return "\"\"" }
        return words.map { "\"\($0)\"*" }.joined(separator: " ")
    }
}

/// A stored pet and its place in the list (the store's ordering key: the order pets were
/// added in).
public struct ListedPet: Equatable, Sendable {
    /// The pet.
    public let pet: Pet
    /// Its place: lists are in increasing `position`.
    public let position: Int64
}

/// Where a batch of a list starts.
public enum PetBatchStart: Equatable, Sendable {
    /// At the `n`th matching pet (0 is the first): for a jump into the middle.
    case offset(Int)
    /// Right after the pet at this position: for the batch below one that is loaded.
    case after(Int64)
    /// Right before the pet at this position (the batch ends there): for the batch above one
    /// that is loaded.
    case before(Int64)
}
