import Glibc

/// A calendar day, `YYYY-MM-DD`, in the local time zone: a pet's birth date, today.
public struct SimpleDate: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The year, e.g. 2024.
    public let year: Int
    /// 1 to 12.
    public let month: Int
    /// 1 to the month's length.
    public let day: Int

    /// The day `year-month-day`, or `nil` if there is no such day (e.g. 2023-02-29).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...SimpleDate.length(ofMonth: month, in: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` (surrounding spaces allowed); `nil` for anything else.
    public init?(parsing text: String) {
        // The stored form, read byte by byte (lists parse a date per row); anything else,
        // spaces around it for one, takes the general way.
        if text.utf8.count == 10 {
            var fields = (0, 0, 0)
            for (offset, byte) in text.utf8.enumerated() {
                switch (offset, byte) {
                case (4, UInt8(ascii: "-")), (7, UInt8(ascii: "-")): continue
                case (0..<4, UInt8(ascii: "0")...UInt8(ascii: "9")): fields.0 = fields.0 * 10 + Int(byte - 48)
                case (5..<7, UInt8(ascii: "0")...UInt8(ascii: "9")): fields.1 = fields.1 * 10 + Int(byte - 48)
                case (8..<10, UInt8(ascii: "0")...UInt8(ascii: "9")): fields.2 = fields.2 * 10 + Int(byte - 48)
                default: return nil
                }
            }
            self.init(year: fields.0, month: fields.1, day: fields.2)
            return
        }
        let parts = text.trimmingSpaces.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Today, in the local time zone.
    public static func today() -> SimpleDate { local(time(nil)) }

    /// The local calendar day of the Unix time `seconds`.
    public static func local(_ seconds: Int) -> SimpleDate {
        var time = time_t(seconds)
        var parts = tm()
        localtime_r(&time, &parts)
        return SimpleDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
            ?? SimpleDate(year: 1970, month: 1, day: 1)!
    }

    /// Whole years from `self` to `later` (0 if `later` is earlier): an age.
    public func years(until later: SimpleDate) -> Int {
        var years = later.year - year
        if (later.month, later.day) < (month, day) { years -= 1 }
        return max(years, 0)
    }

    /// `2024-05-01`.
    public var description: String {
        func pad(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(width - digits.count, 0)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// Earlier days first.
    public static func < (lhs: SimpleDate, rhs: SimpleDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
    /// The text without leading and trailing white space (spaces, tabs, new lines).
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    /// The text without the characters at its ends that show nothing: white space and
    /// default-ignorable characters such as U+200B standing alone. (An emoji's variation
    /// selector or tags belong to the character they follow, and stay.)
    var trimmingInvisibleEnds: String {
        func shows(_ character: Character) -> Bool {
            !character.unicodeScalars.allSatisfy {
                $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint
            }
        }
        guard let first = firstIndex(where: shows), let last = lastIndex(where: shows) else { return "" }
        return String(self[first...last])
    }
}
