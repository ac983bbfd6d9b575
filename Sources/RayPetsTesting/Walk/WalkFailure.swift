/// A walk that went wrong, with what it takes to reproduce it.
public struct WalkFailure: Error, CustomStringConvertible {
    /// The walk's seed.
    public let seed: UInt64
    /// The step that failed (1-based).
    public let step: Int
    /// What went wrong.
    public let reason: String
    /// The last actions before the failure.
    public let history: [UserAction]

    /// A report naming the seed.
    public var description: String {
        "walk with seed \(seed) failed at step \(step): \(reason)\n  last actions: "
            + history.map(\.description).joined(separator: ", ")
    }
}
