/// The text format of RayPets' small files: `key=value` lines, ending in LF or CRLF (a file
/// edited on Windows reads the same); blank lines and lines starting with `#` are ignored. The
/// value is everything after the first `=`, without trailing carriage returns.
enum KeyValueText {
    /// A line that is not `key=value`.
    struct MalformedLine: Error {
        /// The start of the line, for messages.
        let excerpt: String
    }

    /// The pairs in `text` (a later key wins).
    static func parse(_ text: String) throws(MalformedLine) -> [String: String] {
        let (values, malformed) = parseSkipping(text)
        if let first = malformed.first { throw MalformedLine(excerpt: first) }
        return values
    }

    /// The pairs in `text` (a later key wins), and the start of each line that is not
    /// `key=value`, skipped.
    static func parseSkipping(_ text: String) -> (values: [String: String], malformed: [String]) {
        var values: [String: String] = [:]
        var malformed: [String] = []
        // "\r\n" is one Character in Swift: splitting on "\n" alone would not split at it.
        for var line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            while line.last == "\r" { line = line.dropLast() }
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                malformed.append(String(line.prefix(40)))
                continue
            }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return (values, malformed)
    }

    /// `pairs` as lines, after an optional `# comment` line; ends with a newline.
    static func format(_ pairs: [(key: String, value: String)], comment: String? = nil) -> String {
        let lines = (comment.map { ["# \($0)"] } ?? []) + pairs.map { "\($0.key)=\($0.value)" }
        return lines.joined(separator: "\n") + "\n"
    }
}
