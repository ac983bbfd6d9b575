/// The journal's file: what `NavigationJournal/export()` writes and `JournalFile/events(in:)`
/// reads back. Plain UTF-8 text, one event per line, fields separated by tabs:
///
///     navigation-journal 1
///     1250	1	pets	intent	select	pets	3
///     1311	1	pets	request	removeFrom	code	petDetail(2)
///     1409	1	pets	stack	home	pets	petDetail(3)
///
/// The first line names the format and its version (`version`). Each event line is: the time
/// in microseconds since the journal was made; the window's number (`-` for none); the router's
/// name (`-` for none); the kind; then the kind's fields:
///
/// | kind | fields |
/// |---|---|
/// | `window-opened`, `window-focused`, `window-closed` | none |
/// | `action` | the action's name |
/// | `intent`, `ignored`, `step` | the intent's name, the page's route, the value (only if it has one) |
/// | `host` | `back`, `back-from`, `back-to`, `forward`, `forward-to`, `cancel`, `close`, `destroyed` or `tab`; the page's route or the tab (only if named) |
/// | `resized` | the window's width in pixels |
/// | `request` | the change (`goBack`, `dismiss`, `dismissAll`, `popTo`, `removeFrom`, `replaceTop`, `setStack`), the reason, the routes it names |
/// | `guard` | the page's route, the reason |
/// | `answer` | the page's route, `leave`, `keep` or `stay` |
/// | `stack` | the routes, bottom first (none: an empty stack) |
///
/// In a field, a backslash is written `\\`, a tab `\t`, a line feed `\n` and a carriage
/// return `\r`; a `-` alone is written `\-`. Lines that start with `#` and empty lines are
/// comments. A reader refuses a newer version than its own, and names the line of anything it
/// cannot read.
///
/// The file never contains what a user typed: pages appear as their routes, and an intent's
/// value only if its type is a `JournalValue`.
public enum JournalFile {
    /// The version this library writes, and the newest it reads.
    public static let version = 1
    /// The first word of the first line.
    static let magic = "navigation-journal"
    /// The first line of a file this library writes, without its line end: how a journal is
    /// told from other files.
    public static var firstLine: String { "\(magic) \(version)" }

    /// `events` as the file's text.
    public static func text(of events: [NavigationEvent]) -> String {
        var text = "\(magic) \(version)\n"
        for event in events {
            var fields = fields(of: event).map(escape)
            // `-` alone, unescaped, is "none" in the window and router fields.
            if event.window == nil { fields[1] = "-" }
            if event.router == nil { fields[2] = "-" }
            text += fields.joined(separator: "\t")
            text += "\n"
        }
        return text
    }

    /// The events in a journal file's `text`, oldest first.
    /// - Throws: `JournalFileError`, naming the line, for text that is not a journal of a
    ///   version this library reads.
    public static func events(in text: String) throws(JournalFileError) -> [NavigationEvent] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().makeIterator()
        guard let (_, header) = lines.next() else { throw JournalFileError(line: 1, "the file is empty") }
        let words = header.split(separator: " ")
        guard words.count == 2, words[0] == magic, let found = Int(words[1]) else {
            throw JournalFileError(line: 1, "not a navigation journal (it should start with \"\(magic) \(version)\")")
        }
        guard found <= version, found >= 1 else {
            throw JournalFileError(line: 1, "version \(found) is not one this library reads (1 to \(version))")
        }
        var events: [NavigationEvent] = []
        while let (index, line) = lines.next() {
            let number = index + 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            let raw = line.split(separator: "\t", omittingEmptySubsequences: false)
            // `-` alone is "none" in the window and router fields; a name `-` is written `\-`.
            let none = raw.count > 2 ? (window: raw[1] == "-", router: raw[2] == "-") : (false, false)
            let fields = try raw.map { field throws(JournalFileError) in try unescape(field, line: number) }
            events.append(try event(from: fields, none: none, line: number))
        }
        return events
    }

    /// The fields of `event`'s line, its time first, before escaping.
    static func fields(of event: NavigationEvent) -> [String] {
        let microseconds = event.time / .microseconds(1)
        var fields = [
            String(Int64(microseconds)), event.window.map { String($0) } ?? "-", event.router ?? "-",
        ]
        switch event.kind {
        case .windowOpened: fields.append("window-opened")
        case .windowFocused: fields.append("window-focused")
        case .windowClosed: fields.append("window-closed")
        case .action(let name): fields += ["action", name]
        case .intent(let name, let page, let value): fields += ["intent", name, page] + (value.map { [$0] } ?? [])
        case .step(let name, let page, let value): fields += ["step", name, page] + (value.map { [$0] } ?? [])
        case .ignored(let name, let page, let value): fields += ["ignored", name, page] + (value.map { [$0] } ?? [])
        case .host(let request, let page): fields += ["host", request] + (page.map { [$0] } ?? [])
        case .resized(let width): fields += ["resized", String(width)]
        case .request(let change, let routes, let reason): fields += ["request", change, reason.description] + routes
        case .guardAsked(let page, let reason): fields += ["guard", page, reason.description]
        case .guardAnswered(let page, let leaves): fields += ["answer", page, leaves ? "leave" : "stay"]
        case .guardKept(let page): fields += ["answer", page, "keep"]
        case .stack(let routes): fields += ["stack"] + routes
        }
        return fields
    }

    private static func event(
        from fields: [String], none: (window: Bool, router: Bool), line: Int
    ) throws(JournalFileError) -> NavigationEvent {
        guard fields.count >= 4 else {
            throw JournalFileError(line: line, "an event needs a time, a window, a router and a kind")
        }
        guard let microseconds = Int64(fields[0]), microseconds >= 0 else {
            throw JournalFileError(line: line, "the time \"\(fields[0])\" is not a whole number of microseconds")
        }
        let window: Int?
        if none.window {
            window = nil
        } else if let number = Int(fields[1]) {
            window = number
        } else {
            throw JournalFileError(line: line, "the window \"\(fields[1])\" is not a number or -")
        }
        let router = none.router ? nil : fields[2]
        let kindName = fields[3]
        let rest = Array(fields[4...])
        func count(_ allowed: ClosedRange<Int>) throws(JournalFileError) {
            guard allowed.contains(rest.count) else {
                let expected =
                    allowed.count == 1 ? "\(allowed.lowerBound)" : "\(allowed.lowerBound) or \(allowed.upperBound)"
                throw JournalFileError(line: line, "\(kindName) takes \(expected) field(s), not \(rest.count)")
            }
        }
        func reason(_ text: String) throws(JournalFileError) -> LeaveReason {
            guard let reason = LeaveReason.allCases.first(where: { $0.description == text }) else {
                throw JournalFileError(line: line, "unknown reason \"\(text)\"")
            }
            return reason
        }
        let kind: NavigationEvent.Kind
        switch kindName {
        case "window-opened", "window-focused", "window-closed":
            try count(0...0)
            kind =
                kindName == "window-opened"
                ? .windowOpened : kindName == "window-focused" ? .windowFocused : .windowClosed
        case "action":
            try count(1...1)
            kind = .action(rest[0])
        case "intent", "step", "ignored":
            try count(2...3)
            let (name, page, value) = (rest[0], rest[1], rest.count == 3 ? rest[2] : nil)
            kind =
                kindName == "intent"
                ? .intent(name, page: page, value: value)
                : kindName == "step" ? .step(name, page: page, value: value) : .ignored(name, page: page, value: value)
        case "host":
            try count(1...2)
            kind = .host(rest[0], page: rest.count == 2 ? rest[1] : nil)
        case "resized":
            try count(1...1)
            guard let width = Int(rest[0]), width >= 0 else {
                throw JournalFileError(line: line, "the width \"\(rest[0])\" is not a number of pixels")
            }
            kind = .resized(width)
        case "request":
            guard rest.count >= 2 else { throw JournalFileError(line: line, "request takes a change and a reason") }
            kind = .request(rest[0], routes: Array(rest[2...]), reason: try reason(rest[1]))
        case "guard":
            try count(2...2)
            kind = .guardAsked(page: rest[0], reason: try reason(rest[1]))
        case "answer":
            try count(2...2)
            switch rest[1] {
            case "leave", "stay": kind = .guardAnswered(page: rest[0], leaves: rest[1] == "leave")
            case "keep": kind = .guardKept(page: rest[0])
            default: throw JournalFileError(line: line, "an answer is leave, keep or stay, not \"\(rest[1])\"")
            }
        case "stack":
            kind = .stack(rest)
        default:
            throw JournalFileError(line: line, "unknown event kind \"\(kindName)\"")
        }
        return NavigationEvent(time: .microseconds(microseconds), window: window, router: router, kind: kind)
    }

    private static func escape(_ field: String) -> String {
        if field == "-" { return "\\-" }
        guard field.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return field }
        var escaped = ""
        for character in field {
            switch character {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private static func unescape(_ field: Substring, line: Int) throws(JournalFileError) -> String {
        if field == "\\-" { return "-" }
        guard field.contains("\\") else { return String(field) }
        var text = ""
        var characters = field.makeIterator()
        while let character = characters.next() {
            guard character == "\\" else {
                text.append(character)
                continue
            }
            switch characters.next() {
            case "\\": text += "\\"
            case "t": text += "\t"
            case "n": text += "\n"
            case "r": text += "\r"
            default: throw JournalFileError(line: line, "a backslash must be followed by \\, t, n or r")
            }
        }
        return text
    }
}

/// Why a journal file could not be read: the line (1 is the first) and what is wrong there.
public struct JournalFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line where reading stopped, 1 for the first.
    public let line: Int
    /// What is wrong there.
    public let message: String

    init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    /// `line N: message`.
    public var description: String { "line \(line): \(message)" }
}
