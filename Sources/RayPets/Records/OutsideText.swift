/// Text from outside (a name typed or pasted, a link, a file) as RayPets stores, compares and
/// prints it: one form for text that looks the same, no characters that steer a terminal or
/// hide what a name says, and a length a display can show.
extension String {
    /// The text in Unicode Normalization Form C, so `Café` typed as one code point and as
    /// `e` + U+0301 is the same stored text. (The standard library's own NFC, which
    /// `String`'s `==` already compares by; it is public in the library's ABI.)
    public var nfc: String { String(decoding: _nfcCodeUnits, as: UTF8.self) }

    /// The text with every control character (C0 but new line, DEL, C1) and every
    /// bidirectional embedding, override and isolate control (U+202A–U+202E, U+2066–U+2069)
    /// written as an escape such as `\u{1B}` or `\u{202E}`: what is printed to a terminal or
    /// quoted in a message, so a name or a link cannot move the cursor, change colours, ring
    /// the bell or show itself reversed.
    public var escapingControls: String {
        var out = ""
        for scalar in unicodeScalars {
            if scalar != "\n" && (scalar.properties.generalCategory == .control || scalar.isBidiControl) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// At most `limit` characters: the text, or its first `limit - 1` characters and "…"
    /// (a name or a link quoted in a message).
    public func excerpt(_ limit: Int) -> String {
        count <= limit ? self : String(prefix(Swift.max(limit - 1, 0))) + "…"
    }

    /// The text as a message quotes it: cut to `limit` characters (`excerpt(_:)`), its
    /// controls written as escapes (`escapingControls`), inside a first-strong isolate
    /// (U+2068 … U+2069), so right-to-left text in it is shown as it reads and cannot reorder
    /// the sentence around it.
    public func quotedInMessage(_ limit: Int) -> String {
        "\u{2068}" + excerpt(limit).escapingControls + "\u{2069}"
    }
}

extension Unicode.Scalar {
    /// Whether the scalar may not be part of a pet's name: control characters (C0, DEL, C1),
    /// line and paragraph separators, and the bidirectional embedding, override and isolate
    /// controls (U+202A–U+202E, U+2066–U+2069), which can make a name read as another. The
    /// marks a language needs stay allowed: left-to-right and right-to-left marks (U+200E,
    /// U+200F) and the zero-width (non-)joiners (U+200C, U+200D).
    var isRefusedInNames: Bool {
        isBidiControl || value == 0x2028 || value == 0x2029 || properties.generalCategory == .control
    }

    /// Whether the scalar is a bidirectional embedding, override or isolate control
    /// (U+202A–U+202E, U+2066–U+2069): it changes how the text after it is ordered.
    var isBidiControl: Bool { (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) }

    /// Whether the scalar is a combining mark (an accent and the like, drawn on the letter
    /// before it).
    var isMark: Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// Whether the scalar draws nothing by itself: white space, format characters (such as
    /// U+200B) and other default-ignorable code points, and marks with no letter to sit on.
    var isInvisible: Bool {
        if properties.isWhitespace || properties.isDefaultIgnorableCodePoint { return true }
        switch properties.generalCategory {
        case .format, .control, .spaceSeparator, .lineSeparator, .paragraphSeparator, .nonspacingMark,
            .enclosingMark:
            return true
        default: return false
        }
    }
}
