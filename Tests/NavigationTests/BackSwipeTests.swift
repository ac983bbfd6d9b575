import Navigation
import NavigationTesting
import Testing

@MainActor
@Suite("Swipe back: the gesture's logic, and Back through the one path")
struct BackSwipeTests {
    /// A swipe that moves `distance` pixels towards the trailing edge in `steps` even moves
    /// over `seconds`, as `source` reports it.
    private func swipe(
        _ distance: Double, over seconds: Double, steps: Int = 10, source: BackSwipe.Source = .touchscreen,
        rightToLeft: Bool = false, width: Double = 400
    ) -> BackSwipe {
        var swipe = BackSwipe(width: width, isRightToLeft: rightToLeft, source: source)
        for step in 1...steps {
            var delta = distance / Double(steps)
            if source == .touchpad { delta = -delta }
            if rightToLeft { delta = -delta }
            swipe.move(by: delta, at: seconds * Double(step) / Double(steps))
        }
        return swipe
    }

    @Test("progress follows the fingers, from 0 to 1 of the width, never past either edge")
    func progress() {
        var swipe = BackSwipe(width: 400, source: .touchscreen)
        swipe.move(by: 100, at: 0.01)
        #expect(swipe.progress == 0.25 && swipe.translation == 100)
        swipe.move(by: -300, at: 0.02)
        #expect(swipe.progress == 0, "not past where the page was")
        swipe.move(by: 900, at: 0.03)
        #expect(swipe.progress == 1, "not past the trailing edge")
    }

    @Test("letting go past half the width goes Back; short of it, slowly, springs back")
    func threshold() {
        #expect(swipe(220, over: 0.5).end(at: 0.5), "55% at 440 px/s")
        #expect(!swipe(180, over: 0.5).end(at: 0.5), "45% at 360 px/s")
        #expect(swipe(200, over: 1).end(at: 1), "exactly half")
    }

    @Test("a flick goes Back short of the threshold; a twitch, or a flick back, does not")
    func velocity() {
        #expect(swipe(80, over: 0.05).end(at: 0.05), "20% at 1,600 px/s")
        #expect(!swipe(8, over: 0.005).end(at: 0.005), "2%: a tap that twitched")
        #expect(!swipe(80, over: 0.05).end(at: 0.3), "held still for a quarter second first: no flick")
        var back = swipe(320, over: 0.3)
        for step in 1...5 { back.move(by: -10, at: 0.3 + Double(step) * 0.01) }
        #expect(back.progress > 0.5 && !back.end(at: 0.35), "past half, but on its way back: springs back")
    }

    @Test("a touchpad's deltas point against the fingers; right to left mirrors both")
    func directions() {
        #expect(swipe(240, over: 0.5, source: .touchpad).progress == 0.6)
        var touchpad = BackSwipe(width: 400, source: .touchpad)
        touchpad.move(by: 100, at: 0.1)  // a positive delta: fingers towards the leading edge
        #expect(touchpad.progress == 0)
        let rtl = swipe(240, over: 0.5, rightToLeft: true)
        #expect(rtl.progress == 0.6 && rtl.translation == -240 && rtl.end(at: 0.5))
        var wrongWay = BackSwipe(width: 400, isRightToLeft: true, source: .touchscreen)
        wrongWay.move(by: 200, at: 0.1)  // towards the right: the leading edge in RTL
        #expect(wrongWay.progress == 0)
    }

    @Test("a committed swipe pops exactly one page through the Back path; a short one changes nothing")
    func hostSwipe() {
        let (router, host) = makeStack()
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: nil)
        router.present(.a, model: TitledModel("A"), animated: true, onDismissed: nil)
        router.present(.b, model: TitledModel("B"), animated: true, onDismissed: nil)
        #expect(!host.swipeBack(0.3))
        #expect(router.routes == [.root, .a, .b], "a short swipe leaves the stack as it was")
        #expect(host.swipeBack(0.7))
        #expect(router.routes == [.root, .a])
        #expect(host.swipeBack(0.2, flick: true, touchpad: true, rightToLeft: true))
        #expect(router.routes == [.root])
        #expect(!host.swipeBack(1), "no Back on the root page: no swipe")
    }

    @Test("a swipe over a guarded page asks its guard (reason back); No keeps page and stack")
    func guardAsked() async {
        let (router, host) = makeStack()
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: nil)
        router.present(.a, model: TitledModel("Editor"), animated: true, onDismissed: nil)
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        router.setLeaveGuard(probe.guard, for: router.pages[1].id)
        #expect(host.swipeBack(0.8), "the swipe asked the router")
        #expect(probe.isAsking && probe.requests.map(\.reason) == [.back])
        #expect(router.routes == [.root, .a], "nothing leaves before the answer")
        await probe.answer(false)
        await host.settle()
        #expect(router.routes == [.root, .a] && router.pendingLeave == nil, "Keep editing: as it was")
        #expect(host.swipeBack(0.8))
        await probe.answer(true)
        await host.settle()
        #expect(router.routes == [.root])
    }

    @Test("beside a sidebar there is no swipe: Back is each side's own")
    func noSwipeWhenSplit() {
        let layout = SplitLayout<TestRoute>(minimumWidth: 720) { $0 == .a }
        let host = InMemoryHost<TestRoute>(layout: layout, width: 1200)
        let router = StackRouter(host: host)
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: nil)
        router.present(.a, model: TitledModel("List"), animated: true, onDismissed: nil)
        router.present(.b, model: TitledModel("Item"), animated: true, onDismissed: nil)
        #expect(!host.swipeBack(0.9) && router.routes == [.root, .a, .b])
        host.resize(to: 600)
        #expect(host.swipeBack(0.9) && router.routes == [.root, .a], "narrow: one stack, the swipe works")
    }

    @Test("a swipe forward moves the page towards the leading edge: the fingers' way, mirrored right to left")
    func forward() {
        var screen = BackSwipe(width: 400, source: .touchscreen, direction: .forward)
        screen.move(by: -100, at: 0.01)  // the finger moves left
        #expect(screen.progress == 0.25 && screen.translation == -100 && screen.translationAway == -400)
        screen.move(by: 300, at: 0.02)
        #expect(screen.progress == 0, "not past where the page was")
        var touchpad = BackSwipe(width: 400, source: .touchpad, direction: .forward)
        for step in 1...10 { touchpad.move(by: 24, at: Double(step) * 0.05) }  // fingers left
        #expect(touchpad.progress == 0.6 && touchpad.end(at: 0.5))
        var rtl = BackSwipe(width: 400, isRightToLeft: true, source: .touchscreen, direction: .forward)
        for step in 1...10 { rtl.move(by: 24, at: Double(step) * 0.05) }  // right to left: the finger moves right
        #expect(rtl.progress == 0.6 && rtl.translation == 240 && rtl.translationAway == 400 && rtl.end(at: 0.5))
        var short = BackSwipe(width: 400, source: .touchscreen, direction: .forward)
        for step in 1...10 { short.move(by: -18, at: Double(step) * 0.05) }
        #expect(!short.end(at: 0.5), "45% at 360 px/s springs back")
        #expect(BackSwipe(width: 400, source: .touchscreen).translationAway == 400, "Back goes off the right")
    }

    @Test("InMemoryHost: a swipe forward past half brings the page Back took; short, or with nothing ahead, nothing")
    func swipeForwardInMemory() {
        let host = InMemoryHost<TestRoute>()
        let router = StackRouter(host: host)
        router.forwardLimit = 10
        router.present(.root, model: TitledModel("root"), animated: false, onDismissed: nil)
        router.present(.a, model: TitledModel("a"), animated: false, onDismissed: nil)
        #expect(!host.swipeForward(0.8), "nothing ahead")
        let a = router.pages[1].id
        #expect(host.swipeBack(0.8))
        #expect(router.routes == [.root] && router.forwardPages.map(\.id) == [a])
        #expect(!host.swipeForward(0.3), "short")
        #expect(router.routes == [.root])
        #expect(host.swipeForward(0.6, touchpad: true))
        #expect(router.routes == [.root, .a] && router.pages[1].id == a, "the same page came back")
        #expect(host.swipeBack(0.7, rightToLeft: true))
        #expect(host.swipeForward(0.2, flick: true, rightToLeft: true), "a flick right to left")
        #expect(router.pages.map(\.id).last == a)
    }
}
