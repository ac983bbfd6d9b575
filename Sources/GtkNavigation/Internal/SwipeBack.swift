import Gtk
import Navigation

/// Swipe back over a host's stack of pages: a touchpad's two-finger swipe towards the trailing
/// edge, or a touchscreen's swipe from the leading edge; and, where the router keeps pages
/// ahead, swipe forward: the same the other way (towards the leading edge; from the trailing
/// edge), through the window's `navigation.forward` action, with its hint at the trailing edge
/// ("Rex ›"). What follows says Back; Forward is its mirror.
///
/// While the fingers move, the shown page moves with them and a hint at the leading edge says
/// where Back will land ("‹ My pets"); GTK 4.8's GtkStack draws one page at a time, so the page
/// below shows only once the swipe commits. Letting go, `BackSwipe` decides: committed, Back
/// goes through the window's `navigation.back` action — the path Alt+Left, the Back button and
/// the mouse's back button take, where the leave guards are asked. If the page left, a still
/// picture of it finishes the slide over the page below; if it did not (a guard is asking, or
/// kept it), or the swipe was short, the page springs back. With animations off, nothing
/// slides: the page is where the fingers put it, then where the swipe ends. If the page goes
/// from under the fingers (Back by other means, a link, the data, a tab switch) or its window
/// is destroyed, the swipe ends with nothing to do; so does a spring-back, which never holds
/// the page (a page that left is freed with its stack, not when the animation ends).
///
/// The touchpad's controller listens in the capture phase, as libadwaita's swipe tracker does:
/// every page sits in a scrolled window, which would take a sideways scroll before a host
/// heard it. It takes a scroll sequence only from a touchpad, only when its first movement is
/// more sideways than vertical, and never over something that scrolls sideways itself (a wide
/// table, a text field): the rest goes on to the page. A sequence whose end never comes (no
/// input for half a second) is let go.
@MainActor
package final class SwipeBack {
    /// The host's content with the hint and the sliding picture over it: what the host shows.
    package let root: Overlay
    /// What a swipe can take back now: the shown page's view, and the title of the page Back
    /// lands on; `nil` where there is no Back by swiping (the first page, a split, a question
    /// or a modal window open).
    var target: @MainActor () -> (view: Widget, landing: String)? = { nil }
    /// What a swipe forward can do now: the shown page's view, and the title of the page
    /// Forward brings; `nil` where there is none (no page ahead, a split, a modal window open:
    /// a question in an alert). A question asked some other way holds Forward until it is
    /// answered, as it holds Alt+Right.
    var forwardTarget: @MainActor () -> (view: Widget, landing: String)? = { nil }
    /// The shown page's view now, whatever is over it: whether Back took the page away.
    var shownView: @MainActor () -> Widget? = { nil }
    /// While `true`, the host shows its next change without a slide: the swipe slides it.
    private(set) var isFinishing = false
    /// The width from the leading edge where a touchscreen swipe may start, in pixels.
    static let edgeWidth = 24.0

    /// The hint, its label and its arrows (Back's before the label, Forward's after it), made
    /// at the first swipe (a host that is never swiped pays nothing for them, nor for their
    /// stylesheet).
    private var hintWidgets: Hint?
    private let scroll: ScrollController
    private let drag: DragGesture
    private var swipe: BackSwipe?
    /// The page the fingers move, or that springs back: held weakly, so a page that leaves
    /// mid-swipe (its window closed, a link) is freed with its stack, not when the animation ends.
    private var moving: Moving?
    /// A touchpad sequence that began: not yet known to be a swipe (its first delta decides),
    /// or known not to be one (it goes on to the page until it ends).
    private var touchpadSequence: TouchpadSequence = .none
    /// The touchscreen's last offset (its updates give the offset from the start).
    private var lastDragOffset = 0.0
    /// Whether the touchscreen's swipe has taken the touch from the controls under the finger.
    private var dragClaimed = false
    /// When the swipe last moved (the watchdog lets a silent touchpad swipe go).
    private var lastInput = 0.0
    /// Bumped by every new swipe: an animation of an older one stops.
    private var generation = 0
    /// What became of the last swipe, in words (tests say it when a swipe did not do what they
    /// expected).
    package private(set) var lastOutcome = "none yet"
    /// Pictures still sliding away (tests check none is left, and none appears for a page that stayed).
    package private(set) var slidingPictures = 0

    private enum TouchpadSequence { case none, undecided, notASwipe }

    private struct Hint {
        let box: Box
        let label: Label
        let back: Image
        let forward: Image
    }

    private struct Moving {
        weak var view: Widget?
        let shift: SidewaysShift
        /// Whether the page is the one `shownView()` gives (never when it has gone).
        func isShown(_ shownView: Widget?) -> Bool { view != nil && shownView === view }
    }

    init(content: Widget) {
        root = Overlay(child: content)
        scroll = ScrollController(on: root, capturing: true)
        drag = DragGesture(on: root)
        scroll.onBegin { [weak self] in
            guard let self, self.swipe == nil else { return }
            // Only a touchpad swipes (no event at all: a test emitting the signals); not over
            // something that scrolls sideways itself.
            let touchpad = self.scroll.isFromTouchpad ?? true
            self.touchpadSequence = touchpad && !self.scroll.isOverSidewaysScroller ? .undecided : .notASwipe
        }
        scroll.onScroll { [weak self] dx, dy in self?.scrolled(dx: dx, dy: dy) ?? false }
        scroll.onEnd { [weak self] in
            guard let self else { return }
            self.touchpadSequence = .none
            if self.swipe?.source == .touchpad { self.end() }
        }
        drag.onBegin { [weak self] x, _ in
            guard let self else { return }
            let width = Double(self.root.allocatedWidth)
            let fromLeadingEdge = self.root.isRightToLeft ? width - x : x
            // From the leading edge Back; from the trailing edge Forward.
            let direction: BackSwipe.Direction? =
                fromLeadingEdge <= Self.edgeWidth ? .back : width - fromLeadingEdge <= Self.edgeWidth ? .forward : nil
            guard let direction, self.begin(.touchscreen, direction) else { return self.drag.deny() }
            self.lastDragOffset = 0
            self.dragClaimed = false
        }
        drag.onUpdate { [weak self] dx, dy in
            guard let self, self.swipe?.source == .touchscreen else { return }
            if !self.dragClaimed {
                // More up or down than sideways: the finger scrolls the page (at the trailing
                // edge, where a thumb scrolls and the scroll bar is), it does not swipe.
                if abs(dy) > 8 && abs(dy) >= abs(dx) {
                    self.lastOutcome = "refused: the finger moved more up or down than sideways"
                    self.drag.deny()
                    return self.cancel()
                }
                if abs(dx) > 8 {  // a swipe, not a tap: the page's controls let go
                    self.drag.claim()
                    self.dragClaimed = true
                }
            }
            self.move(by: dx - self.lastDragOffset)
            self.lastDragOffset = dx
        }
        drag.onEnd { [weak self] _, _ in
            guard self?.swipe?.source == .touchscreen else { return }
            self?.end()
        }
    }

    /// The hint at the edge the page leaves from, made the first time it is needed.
    private var hint: Box { hintParts.box }

    private var hintParts: Hint {
        if let hintWidgets { return hintWidgets }
        // The hint's shape; the theme's `osd` gives its colours (an app can restyle `.swipe-hint`).
        CSSProvider.installDefault(".swipe-hint { border-radius: 999px; padding: 8px 12px; }")
        let box = Box(.horizontal, spacing: 6)
        let hint = Hint(
            box: box, label: Label(), back: Image(decorativeIconName: "go-previous-symbolic"),
            forward: Image(decorativeIconName: "go-next-symbolic"))
        box.addCSSClass("osd")
        box.addCSSClass("swipe-hint")
        box.append(hint.back)
        box.append(hint.label)
        box.append(hint.forward)
        box.setMargins(top: 0, bottom: 0, start: 12, end: 12)
        box.canTarget = false
        box.isVisible = false
        root.addOverlay(box)
        hintWidgets = hint
        return hint
    }

    /// Whether a swipe is under way (the fingers are on it).
    package var isSwiping: Bool { swipe != nil }

    /// How far the page has travelled, from 0 to 1 (0 when no swipe is under way).
    package var progress: Double { swipe?.progress ?? 0 }

    /// The host's stack changed: a swipe whose page is no longer shown ends with nothing to do,
    /// and a page springing back that left stops.
    func stackChanged() {
        guard !isFinishing, let moving, !moving.isShown(shownView()) else { return }
        if swipe != nil { lastOutcome = "ended: the page went from under the fingers" }
        cancel()
    }

    /// The host's window was destroyed: a swipe or a spring-back under way ends at once.
    func windowDestroyed() {
        guard moving != nil || swipe != nil else { return }
        if swipe != nil { lastOutcome = "ended: the window was destroyed" }
        cancel()
    }

    /// Which way a touchpad's sideways delta `dx` swipes. The fingers move against the deltas
    /// (natural scrolling): right, for Back left to right.
    private func touchpadDirection(_ dx: Double) -> BackSwipe.Direction {
        (dx < 0) != root.isRightToLeft ? .back : .forward
    }

    /// One delta of a touchpad sequence: the first decides whether it is a swipe.
    private func scrolled(dx: Double, dy: Double) -> Bool {
        if let current = swipe, current.source == .touchpad {
            // Still where it began and turning the other way (a first twitch went the wrong
            // way): the swipe goes that way instead, if it can, as the fingers cross zero.
            let turned = touchpadDirection(dx)
            if current.progress == 0, dx != 0, turned != current.direction {
                let outcome = lastOutcome
                swipe = nil
                if begin(.touchpad, turned) {
                    watchSilence()  // the new swipe's own watch (`begin` stopped the old one's)
                } else {
                    swipe = current
                    lastOutcome = outcome
                }
            }
            move(by: dx)
            return true
        }
        guard touchpadSequence == .undecided, dx != 0 || dy != 0 else { return false }
        // The way the first delta points, or the other if that way has nowhere to go (a
        // twitch the wrong way at the start of a swipe back).
        let direction = touchpadDirection(dx)
        let other: BackSwipe.Direction = direction == .back ? .forward : .back
        guard abs(dx) > abs(dy), begin(.touchpad, direction) || begin(.touchpad, other) else {
            touchpadSequence = .notASwipe  // vertical, or nowhere to go back to: the page scrolls
            return false
        }
        move(by: dx)
        watchSilence()
        return true
    }

    @discardableResult
    private func begin(_ source: BackSwipe.Source, _ direction: BackSwipe.Direction) -> Bool {
        guard swipe == nil else {
            lastOutcome = "refused: a swipe is under way"
            return false
        }
        guard let target = direction == .back ? target() : forwardTarget() else {
            lastOutcome = "refused: no \(direction == .back ? "Back" : "Forward") by swiping here now"
            return false
        }
        lastOutcome = "begun"
        generation += 1
        moving?.shift.x = 0  // a page still springing back from the last swipe jumps home
        swipe = BackSwipe(
            width: Double(max(root.allocatedWidth, 1)), isRightToLeft: root.isRightToLeft, source: source,
            direction: direction)
        moving = Moving(view: target.view, shift: SidewaysShift(target.view))
        // Read by its label's text, not by a label on the box: GTK 4.18 makes a box generic,
        // which may have none. Back's hint at the leading edge, Forward's at the trailing one.
        let parts = hintParts
        parts.label.text = target.landing
        parts.back.isVisible = direction == .back
        parts.forward.isVisible = direction == .forward
        parts.box.setAlignment(horizontal: direction == .back ? .start : .end, vertical: .center)
        hint.opacity = 0
        hint.isVisible = true
        return true
    }

    private func move(by delta: Double) {
        guard var swipe else { return }
        lastInput = Self.now
        swipe.move(by: delta, at: Self.now)
        self.swipe = swipe
        moving?.shift.x = swipe.translation
        hint.opacity = min(1, swipe.progress * 2)
    }

    /// A touchpad swipe whose end never comes (no input for half a second) is let go.
    private func watchSilence() {
        let swipeNumber = generation
        MainLoop.after(milliseconds: 250) { [weak self] in
            guard let self, self.generation == swipeNumber, self.swipe?.source == .touchpad else { return }
            if Self.now - self.lastInput >= 0.5 { self.end() } else { self.watchSilence() }
        }
    }

    private func end() {
        guard let swipe, let moving else { return }
        self.swipe = nil
        let translation = swipe.translation
        // The page went from under the fingers, or its host is no longer on screen (a tab
        // switched): nothing to do.
        guard moving.isShown(shownView()), root.isOnVisibleBranch, let view = moving.view else {
            lastOutcome = "ended: the page went, or the host is not shown"
            return cancel(moving)
        }
        guard swipe.end(at: Self.now) else {
            lastOutcome = "let go short (progress \(swipe.progress), speed \(Int(swipe.speed(at: Self.now))))"
            return springBack(moving, from: translation)
        }
        let picture = MainLoop.animationsEnabled ? WidgetPicture(of: view) : nil
        isFinishing = true
        root.activateAction(swipe.direction == .back ? NavigationAction.back : NavigationAction.forward)
        isFinishing = false
        guard !moving.isShown(shownView()) else {
            // Still shown: a leave guard is asking (its question is open) or kept the page.
            lastOutcome = "committed: the page stayed"
            return springBack(moving, from: translation)
        }
        lastOutcome = swipe.direction == .back ? "committed: the page left" : "committed: the page ahead came"
        moving.shift.x = 0
        self.moving = nil
        hintWidgets?.box.isVisible = false
        if let picture { slideAway(picture, from: translation, to: swipe.translationAway) }
    }

    /// Ends the swipe at once, with nothing to do: the page back in place, the hint gone.
    private func cancel(_ moving: Moving? = nil) {
        generation += 1
        swipe = nil
        (moving ?? self.moving)?.shift.x = 0
        self.moving = nil
        hintWidgets?.box.isVisible = false
    }

    /// The page goes back to where it was.
    private func springBack(_ moving: Moving, from translation: Double) {
        let opacity = hint.opacity
        let swipeNumber = generation
        let shift = moving.shift  // not the page: `stackChanged()` stops this if it leaves
        animate(from: translation, to: 0, milliseconds: 200) { [weak self] x, progress in
            shift.x = x
            self?.hint.opacity = opacity * (1 - progress)
        } done: { [weak self] in
            // A newer swipe took over: it has the page and the hint now.
            guard let self, self.generation == swipeNumber else { return }
            shift.x = 0
            self.moving = nil
            self.hintWidgets?.box.isVisible = false
        }
    }

    /// A still picture of the page that left slides the rest of the way out over the page
    /// below (or, for Forward, over the page that came).
    private func slideAway(_ picture: WidgetPicture, from start: Double, to end: Double) {
        let shift = SidewaysShift(picture)
        shift.x = start
        picture.setAlignment(horizontal: .start, vertical: .start)
        root.addOverlay(picture)
        slidingPictures += 1
        animate(from: start, to: end, milliseconds: 150) { x, _ in
            shift.x = x
        } done: { [weak self] in
            _ = shift
            self?.root.removeOverlay(picture)
            self?.slidingPictures -= 1
        }
    }

    /// Moves a value from `start` to `end` with an ease-out over `milliseconds` (at once with
    /// animations off), then calls `done`. A new swipe stops it where it is.
    private func animate(
        from start: Double, to end: Double, milliseconds: Double,
        _ step: @escaping @MainActor (Double, Double) -> Void, done: @escaping @MainActor () -> Void
    ) {
        let shown = generation
        guard MainLoop.animationsEnabled else { return done() }
        let begun = Self.now
        // The frames hold the swipe weakly: a host that goes mid-animation is freed, and the
        // animation ends with it.
        let frame: @MainActor () -> Bool = { [weak self] in
            guard let self, shown == self.generation else {
                done()
                return false
            }
            let t = min(1, (Self.now - begun) * 1000 / milliseconds)
            let eased = 1 - (1 - t) * (1 - t) * (1 - t)
            step(start + (end - start) * eased, t)
            if t >= 1 { done() }
            return t < 1
        }
        func next() { if frame() { MainLoop.after(milliseconds: 16) { next() } } }
        next()
    }

    private static var now: Double { Double(MainLoop.now) / 1_000_000 }

    // MARK: For tests in this package

    /// The touchpad's controller and the touchscreen's gesture (tests drive them with signals).
    package var controllers: (scroll: ScrollController, drag: DragGesture) { (scroll, drag) }
    /// The hint's text ("My pets") and whether it shows.
    package var hintShown: (text: String, visible: Bool) {
        (hintWidgets?.label.text ?? "", hintWidgets?.box.isVisible ?? false)
    }
    /// Which way the hint points now, Back's arrow or Forward's, and where it sits (`start`:
    /// the leading edge; `nil` before the first swipe).
    package var hintDirection: (arrow: BackSwipe.Direction, placement: Alignment)? {
        guard let hintWidgets else { return nil }
        return (hintWidgets.forward.isVisible ? .forward : .back, hintWidgets.box.horizontalAlignment)
    }
    /// The moving page's shift now.
    package var shownShift: Double { moving?.shift.x ?? 0 }
}
