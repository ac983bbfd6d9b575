/// A page's identity, unique for the life of the process and never reused.
public struct PageID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The raw number.
    public let rawValue: UInt64

    /// A page id with this number.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    @MainActor private static var last: UInt64 = 0

    /// The next unused id (`Page` takes one when it is made).
    @MainActor static func next() -> PageID {
        last += 1
        return PageID(rawValue: last)
    }

    /// `page-<n>`: also the name of the page's child in a GTK stack.
    public var description: String { "page-\(rawValue)" }
}
