import Navigation

/// Replays a journal (`NavigationJournal`, read back with `JournalFile`) against an app made
/// afresh, and says where what happens first differs from what the journal recorded: a bug
/// report's journal becomes a test.
///
/// The journal is cut at each input (an intent, a request through a host, a resize, an app's
/// action: `NavigationEvent/Kind/isInput`). The replay compares what the fresh app recorded at
/// start-up with what the journal holds before its first input; then, for each input in turn,
/// it asks `perform` to make it (as the user did: the app's own code records it again), waits
/// for the navigation work it set off (`settle()`), and compares what was recorded since with
/// the journal up to the next input. Times are not compared; windows, routers and kinds are.
///
///     let replay = try JournalReplay(file: reportedJournal)
///     let app = makeApp(journal: journal)          // in-memory hosts, a fresh journal
///     if let divergence = try await replay.run(into: journal, perform: app.perform) {
///         Issue.record("\(divergence)")
///     }
///
/// A journal replays from the app's start: one whose ring forgot its first events (more than
/// its capacity were recorded) differs at once, and the report says so.
@MainActor
public struct JournalReplay {
    /// The events as the journal recorded them, oldest first.
    public let recorded: [NavigationEvent]

    /// A replay of `recorded`.
    public init(_ recorded: [NavigationEvent]) {
        self.recorded = recorded
    }

    /// A replay of the journal file `text` (`JournalFile`).
    /// - Throws: `JournalFileError` if `text` is not a journal this library reads.
    public init(file text: String) throws(JournalFileError) {
        self.init(try JournalFile.events(in: text))
    }

    /// The recorded inputs, in order: what `run` performs.
    public var inputs: [NavigationEvent] { recorded.filter { $0.kind.isInput } }

    /// Performs each recorded input with `perform`, comparing what `journal` (the replayed
    /// app's, holding only what its start-up recorded) records with what was recorded, and
    /// returns the first difference, or `nil` if the replay did what the journal says.
    /// `perform` throws for an input it cannot make (an intent the app has no way to trigger):
    /// the error ends the replay.
    public func run(
        into journal: NavigationJournal, perform: (NavigationEvent) async throws -> Void,
        settle: () async -> Void = { await NavigationTesting.settle() }
    ) async throws -> JournalDivergence? {
        var start = 0  // the replay journal's first event not compared yet, by recorded count
        let segments = Self.segments(of: recorded)
        for (number, segment) in segments.enumerated() {
            if let input = segment.first, input.kind.isInput {
                try await perform(input)
                await settle()
            }
            let count = journal.recordedCount - start
            let events = journal.events
            guard count <= events.count else {
                throw JournalReplayError(
                    description: "the replay recorded \(count) events after one input, more than its journal keeps "
                        + "(\(journal.capacity)): give it a larger capacity")
            }
            let replayed = Array(events.suffix(count))
            start = journal.recordedCount
            var segment = segment
            if case .ignored = segment.first?.kind, replayed.isEmpty {
                // A press the app dropped, which the replay could not make (its control was not
                // there): nothing happened either way, as long as nothing followed it.
                segment.removeFirst()
            }
            if let index = Self.firstDifference(segment, replayed) {
                return JournalDivergence(
                    inputNumber: number, inputCount: segments.count - 1, recorded: segment, replayed: replayed,
                    index: index)
            }
        }
        return nil
    }

    /// The events cut before each input: the start-up's events (perhaps none), then each input
    /// with what followed it.
    static func segments(of events: [NavigationEvent]) -> [[NavigationEvent]] {
        var segments: [[NavigationEvent]] = [[]]
        for event in events {
            if event.kind.isInput { segments.append([]) }
            segments[segments.count - 1].append(event)
        }
        return segments
    }

    /// The first position where `recorded` and `replayed` differ, times aside, or `nil`.
    public static func firstDifference(_ recorded: [NavigationEvent], _ replayed: [NavigationEvent]) -> Int? {
        for index in 0..<max(recorded.count, replayed.count) {
            guard index < recorded.count, index < replayed.count else { return index }
            let (a, b) = (recorded[index], replayed[index])
            if a.window != b.window || a.router != b.router || a.kind != b.kind { return index }
        }
        return nil
    }
}

/// Where a replay first did something else than its journal recorded.
public struct JournalDivergence: Error, Sendable, CustomStringConvertible {
    /// The input after which it differed: 1 for the first, 0 for the start-up before any.
    public let inputNumber: Int
    /// How many inputs the journal holds.
    public let inputCount: Int
    /// What the journal recorded from that input up to the next.
    public let recorded: [NavigationEvent]
    /// What the replay recorded in the same place.
    public let replayed: [NavigationEvent]
    /// The first position in `recorded` and `replayed` that differs.
    public let index: Int

    /// The input, the first event that differs on each side, and both sides in full.
    public var description: String {
        let place =
            inputNumber == 0
            ? "at start-up, before the first input"
            : "after input \(inputNumber) of \(inputCount), \(recorded[0])"
        func line(_ events: [NavigationEvent]) -> String {
            index < events.count ? "\(events[index])" : "(nothing)"
        }
        func all(_ events: [NavigationEvent]) -> String {
            events.isEmpty ? "    (nothing)" : events.map { "    \($0)" }.joined(separator: "\n")
        }
        return """
            the replay differs from the journal \(place), at event \(index + 1):
              recorded: \(line(recorded))
              replayed: \(line(replayed))
              all recorded there:
            \(all(recorded))
              all replayed there:
            \(all(replayed))
            """
    }
}

/// A replay that could not go on (its journal overflowed, or an input could not be made).
public struct JournalReplayError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    /// An error saying `description`.
    public init(description: String) { self.description = description }
}
