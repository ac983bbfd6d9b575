/// The rules a pet must follow, and what the editor says where one is broken.
public enum PetRules {
    /// The longest name, in characters (what a person sees as one letter, emoji or symbol).
    public static let maxNameLength = 64
    /// The most code points the name field takes: room for any name the rules allow (64
    /// characters of up to 16 code points each: an emoji sequence, a letter and its marks), so
    /// that a page of pasted text never reaches the rules, the draft or the state file.
    public static let maxNameInputLength = maxNameLength * 16
    /// The most combining marks (accents and the like) one character of a name may carry,
    /// counted as `marks(in:)` does (a precomposed "é" carries one): enough for any language's
    /// letters, not for a tower drawn over the rows around it.
    public static let maxMarksPerCharacter = 4
    /// The longest notes, in characters (about 150 words): a pet's page with notes this long
    /// opens in the same frame as one without (`raypets-bench pet-page`: 2,000 characters
    /// cost a third of a frame more). Older notes that are longer show cut to this length on
    /// the pet's page, whole in the editor, which says they are too long: that pet saves again
    /// once they are cut to this length.
    public static let maxNotesLength = 1_000
    /// The oldest age accepted, in years; a birth date may be at most this many years ago.
    public static let maxAge = 200

    /// What makes names equal: lower-cased, in Unicode NFC, without the characters that draw
    /// nothing (default-ignorable ones such as U+200B), then trimmed. "Rex" and " rex " are the
    /// same name, and so are "Café" written with one code point and with a combining accent,
    /// "X" with and without a zero-width space, and "Whiskers" after a zero-width space and a
    /// space (the ignorable characters go first, so the space they hid is trimmed too).
    public static func nameKey(_ name: String) -> String {
        var key = String.UnicodeScalarView()
        key.append(
            contentsOf: name.lowercased().nfc.unicodeScalars.lazy.filter { !$0.properties.isDefaultIgnorableCodePoint })
        return String(key).trimmingSpaces
    }

    /// The name a pet takes when it comes back (Undo of a delete) while another pet has its
    /// name: `name` itself if `isTaken` says it is free, else the first free one of
    /// "Rex (2)", "Rex (3)"…, with `name` cut at its end so that the whole stays within
    /// `maxNameLength`. `isTaken` compares as `nameKey` does.
    public static func freeName<Failure: Error>(
        for name: String, isTaken: (String) throws(Failure) -> Bool
    ) throws(Failure) -> String {
        guard try isTaken(name) else { return name }
        var number = 2
        while true {
            let suffix = " (\(number))"
            let candidate = String(name.prefix(maxNameLength - suffix.count)).trimmingInvisibleEnds + suffix
            if try !isTaken(candidate) { return candidate }
            number += 1
        }
    }

    /// A name as it is stored: in Unicode NFC, without white space or characters that draw
    /// nothing (such as U+200B) at its ends. (Inside a name they stay: a joiner is part of an
    /// emoji, a space between words is part of the name.)
    public static func storedName(_ name: String) -> String { name.trimmingInvisibleEnds.nfc }

    /// How many combining marks (accents and the like) `character` carries, counted in its
    /// canonical decomposition: "é" is "e" and U+0301 whichever way it was typed, so it carries
    /// one; "ệ" carries two. Letters that only look composed (đ, ø, ł) carry none.
    public static func marks(in character: Character) -> Int {
        character.unicodeScalars.reduce(0) { count, scalar in
            count + (scalar.isMark ? 1 : decomposedMarks(scalar.value))
        }
    }

    /// How many marks the canonical decomposition of a character that is not a mark holds
    /// (`decomposedMarkRuns`, generated from the Unicode data).
    private static func decomposedMarks(_ value: UInt32) -> Int {
        guard value >= 0xC0 else { return 0 }
        var low = 0
        var high = decomposedMarkRuns.count
        while low < high {
            let middle = (low + high) / 2
            let run = decomposedMarkRuns[middle]
            if value < run.first {
                high = middle
            } else if value > run.last {
                low = middle + 1
            } else {
                return Int(run.marks)
            }
        }
        return 0
    }

    /// What is wrong with `draft`, field by field (empty when it can be saved). `sameName`
    /// finds another pet (not the one being edited) with a name, if there is one; `today`
    /// decides what "in the future" means.
    public static func problems(
        in draft: PetDraft, sameName: (String) -> Pet?, today: SimpleDate
    ) -> [PetField: String] {
        var problems: [PetField: String] = [:]
        let name = storedName(draft.name)
        if draft.name.trimmingSpaces.isEmpty {
            problems[.name] = L("Enter a name.")
        } else if name.unicodeScalars.contains(where: \.isRefusedInNames) {
            problems[.name] = L("A name cannot hold control characters or line breaks.")
        } else if name.unicodeScalars.allSatisfy(\.isInvisible) {
            problems[.name] = L("Enter a name with letters that can be seen.")
        } else if name.count > maxNameLength {
            problems[.name] = L("At most {count} characters.", ["count": "\(maxNameLength)"])
        } else if name.contains(where: { marks(in: $0) > maxMarksPerCharacter }) {
            problems[.name] = L("Too many accents on one letter.")
        } else if let twin = sameName(name) {
            problems[.name] = L("Another pet is already called {name}.", ["name": twin.name])
        }
        if draft.notes.count > maxNotesLength {
            problems[.notes] = L("At most {count} characters.", ["count": "\(maxNotesLength)"])
        } else if draft.notes.unicodeScalars.contains(where: {
            !"\n\r\t".unicodeScalars.contains($0) && $0.isRefusedInNames
        }) {
            problems[.notes] = L("Notes cannot hold control characters.")
        }
        switch parseAge(draft.age, today: today) {
        case .failure(let problem): problems[.age] = problem.message
        case .success: break
        }
        return problems
    }

    /// The pet `draft` describes, with `id`; `nil` if it breaks a rule. An age in years is
    /// recorded as of `today`, so it grows with the pet.
    public static func pet(
        from draft: PetDraft, id: Pet.ID, sameName: (String) -> Pet?, today: SimpleDate
    ) -> Pet? {
        guard problems(in: draft, sameName: sameName, today: today).isEmpty,
            case .success(let age) = parseAge(draft.age, today: today)
        else { return nil }
        return Pet(id: id, name: storedName(draft.name), species: draft.species, age: age, notes: draft.notes.nfc)
    }

    struct AgeProblem: Error {
        let message: String
    }

    static func parseAge(_ text: String, today: SimpleDate) -> Result<PetAge?, AgeProblem> {
        let text = text.trimmingSpaces
        if text.isEmpty { return .success(nil) }
        if text.allSatisfy(\.isASCIIDigit) {
            guard let years = Int(text), years <= maxAge else {
                return .failure(AgeProblem(message: L("An age is at most {count} years.", ["count": "\(maxAge)"])))
            }
            return .success(.years(years, asOf: today))
        }
        guard let date = SimpleDate(parsing: text) else {
            return .failure(
                AgeProblem(message: L("Enter a birth date as YYYY-MM-DD, or an age in years.")))
        }
        guard date <= today else { return .failure(AgeProblem(message: L("The birth date is in the future."))) }
        guard date.year >= today.year - maxAge else {
            return .failure(
                AgeProblem(message: L("A birth date is at most {count} years ago.", ["count": "\(maxAge)"])))
        }
        return .success(.born(date))
    }
}
