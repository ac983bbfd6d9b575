/// The logic of a swipe back (or forward), with no widgets: how far the fingers have taken the
/// page, and whether letting go goes Back (Forward) or springs back. A host feeds it the
/// input's movements (`GtkNavigation` does, from a touchpad's two-finger swipe and a
/// touchscreen's edge swipe; `NavigationTesting`'s `InMemoryHost.swipeBack` and `swipeForward`
/// do in tests) and, on release, goes Back (Forward) through its router's one path for it when
/// ``end(at:)`` says so — where the leave guards are asked like for every other input.
///
/// **Direction.** Back follows the reading direction: the page moves towards the trailing
/// edge (right, or left in a right-to-left locale) as the fingers do; Forward
/// (``Direction/forward``, where the router keeps pages ahead) moves it towards the leading
/// edge. A touchscreen reports the fingers' offset. A touchpad reports scroll deltas, which,
/// with natural scrolling (GNOME's default for touchpads), point against the fingers: its
/// movements are mirrored. (With natural scrolling off, GTK 4.8 gives no way to tell, and the
/// swipe goes the other way.)
///
/// **Commit.** Letting go commits when the page has travelled at least ``threshold`` of the
/// width, or when the fingers were still moving its way faster than ``flickSpeed`` (a flick)
/// after a small start; a release while moving back faster than a third of ``flickSpeed``
/// springs back, however far the page was.
public struct BackSwipe: Sendable, Equatable {
    /// Where the movements come from.
    public enum Source: Sendable, Equatable {
        /// A touchscreen: offsets of the finger from where it went down.
        case touchscreen
        /// A touchpad's two-finger swipe: scroll deltas, opposite to the fingers' motion.
        case touchpad
    }

    /// Where the swipe goes.
    public enum Direction: Sendable, Equatable {
        /// Back: the page moves towards the trailing edge.
        case back
        /// Forward: the page moves towards the leading edge, for the page ahead to come.
        case forward
    }

    /// The width the page can travel, in pixels (the host's width).
    public let width: Double
    /// Whether the locale reads right to left (the page goes left).
    public let isRightToLeft: Bool
    /// Where the movements come from.
    public let source: Source
    /// Where the swipe goes (``Direction/back`` unless given).
    public let direction: Direction
    /// The share of the width past which letting go commits (0.5 by default).
    public let threshold: Double
    /// The speed the swipe's way, in pixels per second, above which letting go commits even
    /// short of the threshold (a flick; 600 by default).
    public let flickSpeed: Double
    /// The share of the width a flick must have travelled first (0.05 by default): a tap that
    /// twitches is not a flick.
    public let flickStart: Double

    /// How far the page has travelled the swipe's way (towards the trailing edge for Back, the
    /// leading edge for Forward), in pixels (never below 0, never past `width`).
    public private(set) var offset: Double = 0
    /// The recent positions, for the release speed: (time in seconds, offset).
    private var samples: [Sample] = []

    private struct Sample: Sendable, Equatable {
        let time: Double
        let offset: Double
    }

    /// A swipe over a host `width` pixels wide.
    public init(
        width: Double, isRightToLeft: Bool = false, source: Source, direction: Direction = .back,
        threshold: Double = 0.5, flickSpeed: Double = 600, flickStart: Double = 0.05
    ) {
        self.width = max(width, 1)
        self.isRightToLeft = isRightToLeft
        self.source = source
        self.direction = direction
        self.threshold = threshold
        self.flickSpeed = flickSpeed
        self.flickStart = flickStart
    }

    /// How far the page has travelled, from 0 (where it was) to 1 (off the edge it moves to).
    public var progress: Double { offset / width }

    /// The page's horizontal translation to draw now, in pixels: positive when it moves right
    /// (Back left to right, Forward right to left), negative when it moves left.
    public var translation: Double { towardsRight ? offset : -offset }

    /// Where the page ends when the swipe goes through: its translation off the edge it moves to.
    public var translationAway: Double { towardsRight ? width : -width }

    /// Whether the page moves right: Back left to right, Forward right to left.
    private var towardsRight: Bool { (direction == .back) != isRightToLeft }

    /// The input moved by `delta` pixels along x (a touchscreen's change of offset, a
    /// touchpad's scroll delta) at `time` seconds (any monotonic clock).
    public mutating func move(by delta: Double, at time: Double) {
        let right = source == .touchpad ? -delta : delta  // the fingers' motion, rightwards
        offset = min(max(offset + (towardsRight ? right : -right), 0), width)
        samples.append(Sample(time: time, offset: offset))
        // The speed at release is measured over the last tenth of a second.
        samples.removeAll { time - $0.time > 0.1 }
    }

    /// The speed the swipe's way over the last tenth of a second before `time`, in pixels per
    /// second (negative: moving back).
    public func speed(at time: Double) -> Double {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return 0 }
        guard time - last.time <= 0.1 else { return 0 }  // held still before letting go
        return (last.offset - first.offset) / (last.time - first.time)
    }

    /// Whether letting go at `time` goes Back, or Forward for a ``Direction/forward`` swipe
    /// (`true`), or springs back.
    public func end(at time: Double) -> Bool {
        let speed = speed(at: time)
        if speed < -flickSpeed / 3 { return false }  // on its way back: the user changed their mind
        if progress >= threshold { return true }
        return speed >= flickSpeed && progress >= flickStart
    }
}
