import Glibc
import Navigation

#if canImport(Testing)
    import Testing
#endif

/// A `NavigationHost` that keeps its pages in memory, for headless tests.
///
/// It shows what a GTK host would show (the stack, the shown page, whether a dialog is
/// open, what Forward would bring back) and lets a test act as the user: `tapBack()`,
/// `tapForward()`, `tapCancel()`, `tapClose()`, `closeWindow()`.
/// It holds pages exactly as long as a GTK host holds their views, so leak counts taken
/// against it mean the same thing.
///
/// With a `SplitLayout` it is an adaptive host, as `GtkStackHost` with one: it has a window
/// width (`resize(to:)`), shows a sidebar beside its content when wide (`presentation`), and
/// offers each side's Back (`tapSidebarBack()`, `tapContentBack()`).
///
/// **Leaks.** It checks each page it showed once the page has left — its model, and what
/// was registered with the page (`Router/register(_:broughtBy:)`, e.g. the flow's
/// coordinator): when the host goes away at the end of a test, anything of theirs still alive
/// fails the running test (Swift Testing's `Issue.record`), one issue per object naming the
/// page's route and the type, as `page-3 cookingStep(step: 1) left, but its CookingStepModel
/// is still alive`. Outside a test it prints the same line to standard error. `survivors()`
/// asks at any moment; `checksLeaks: false` turns it off (benchmarks). When a page is checked,
/// and what only the GTK hosts can see: <doc:NavigationTesting#What-the-leak-check-covers>.
@MainActor
public final class InMemoryHost<Route: NavigationRoute>: NavigationHost {
    /// The router, set by the router itself.
    public weak var delegate: (any NavigationHostDelegate)?

    /// The pages on screen, bottom first.
    public private(set) var pages: [Page<Route>] = []

    /// The pages the router keeps for Forward, the next one first (empty where the router
    /// keeps no forward history).
    public private(set) var forwardPages: [Page<Route>] = []

    /// Every `show` call's transition, in order.
    public private(set) var transitions: [NavigationTransition] = []

    /// How many times the host went from empty to showing pages (a dialog "opened").
    public private(set) var openCount = 0

    /// How many times the host went from showing pages to empty (a dialog "closed").
    public private(set) var closeCount = 0

    private let recordsTransitions: Bool
    private let departures: PageDepartures<Route>?
    private let mainThread = pthread_self()
    private var covering: [WeakHost] = []

    private struct WeakHost {
        weak var host: InMemoryHost<Route>?
    }

    /// Which pages are sidebars on a wide window; `nil`: always one stack.
    public let layout: SplitLayout<Route>?

    /// The window's width in pixels (changed by `resize(to:)`).
    public private(set) var width: Int
    /// Whether the router was last told of a wide window (`nil`: told of none yet).
    private var reportedWide: Bool?

    /// An empty host. With `recordsTransitions: false` it keeps no history (for benchmarks:
    /// the history grows with every change). With a `layout`, an adaptive host whose window is
    /// `width` pixels wide (by default 0: narrower than any layout's `minimumWidth`, so one
    /// stack until `resize(to:)`; pass your window's width). With `checksLeaks: false`, it does not check that the pages that left
    /// are gone (see "Leaks" above).
    public init(
        recordsTransitions: Bool = true, layout: SplitLayout<Route>? = nil, width: Int = 0, checksLeaks: Bool = true
    ) {
        self.recordsTransitions = recordsTransitions
        self.layout = layout
        self.width = width
        departures = checksLeaks ? PageDepartures() : nil
    }

    // Not `isolated deinit`: that runs without the releasing task's task-locals, so the test
    // that owned the host (`Test.current`) would be unknown. Hosts are released on the main
    // thread they were made on (where their router and the test run); elsewhere nothing is checked.
    // The pages still shown are checked too: they go with the host (their models must not).
    deinit {
        guard let departures, pthread_equal(pthread_self(), mainThread) != 0 else { return }
        MainActor.assumeIsolated {
            departures.closed()
            pages = []
            forwardPages = []
            Self.report(departures.survivors())
        }
    }

    /// What the pages that left brought and is still alive, one line per object (`page-3
    /// petDetail(…) left, but its PetDetailsModel is still alive`). Each page is checked
    /// once: the next call does not repeat it. Ask once the flow work has settled
    /// (`settle()`), and after the test dropped its own references to the page's model.
    public func survivors() -> [String] { departures?.survivors() ?? [] }

    /// Registers `object` as brought by the page `id`: it must be gone once the page has left.
    public func register(_ object: AnyObject, broughtBy id: PageID) {
        departures?.register(object, broughtBy: id)
    }

    /// Puts this host's window under `dialog`'s: while `dialog` shows pages (a modal dialog,
    /// or an alert over one), this host's pages are shown but take no input (`isShown(_:of:)`
    /// is `false` for them).
    public func addCoveringDialog(_ dialog: InMemoryHost<Route>) {
        covering.append(WeakHost(host: dialog))
    }

    /// Whether a person can see and use the page `id` of `pages`: it is the top page, or, when
    /// split, the sidebar page or the page beside it — and no covering dialog is open.
    public func isShown(_ id: PageID, of pages: [Page<Route>]) -> Bool {
        if covering.contains(where: { $0.host?.isOpen == true }) { return false }
        guard let layout, let panes = layout.presentation(of: pages, width: width).panes else {
            return pages.last?.id == id
        }
        return panes.sidebar.id == id || panes.shownContent?.id == id
    }

    private static func report(_ survivors: [String]) {
        for line in survivors {
            if let observer = LeakReportObserver.current {
                observer(line)
                continue
            }
            #if canImport(Testing)
                if Test.current != nil {
                    Issue.record(Comment(rawValue: "leak: \(line)"))
                    continue
                }
            #endif
            print("NavigationTesting: leak: \(line)")
        }
    }

    /// What a router that goes away does to this host: nothing changes its pages again, so it
    /// shows nothing, and its pages are checked as pages that left — except those a question
    /// left unanswered is about (its abandoned task may still hold them).
    public func routerDidGoAway(unanswered: Set<PageID>) {
        // Another router that took this host over is its delegate now: its pages stay.
        guard delegate == nil, !pages.isEmpty || !forwardPages.isEmpty else { return }
        pages = []
        forwardPages = []
        departures?.closed(unchecked: unanswered)
    }

    /// The user resizes the window: only the presentation changes. The router hears of it
    /// (`NavigationHostDelegate/hostDidResize(width:)`, for its journal) when the width
    /// crosses the layout's `minimumWidth`, or is the first one given, as a GTK split host's.
    public func resize(to width: Int) {
        self.width = width
        guard let layout, reportedWide != layout.isWide(width) else { return }
        reportedWide = layout.isWide(width)
        delegate?.hostDidResize(width: width)
    }

    /// What the screen shows: one stack, or a sidebar beside its content.
    public var presentation: SplitPresentation<Route> {
        layout?.presentation(of: pages, width: width) ?? .single(pages)
    }

    /// Records the new stack.
    public func show(_ pages: [Page<Route>], transition: NavigationTransition) {
        show(pages, forward: [], transition: transition)
    }

    /// Records the new stack and the pages kept for Forward.
    public func show(_ pages: [Page<Route>], forward: [Page<Route>], transition: NavigationTransition) {
        // Counts, not isEmpty: this runs as the router's generic witness, where Collection's
        // isEmpty looks up the array's type metadata at every call (measured: a third of this
        // method, which was a third of a headless present+dismiss).
        if self.pages.count == 0 && pages.count > 0 { openCount += 1 }
        if self.pages.count > 0 && pages.count == 0 { closeCount += 1 }
        self.pages = pages
        if forwardPages.count > 0 || forward.count > 0 { forwardPages = forward }
        if recordsTransitions { transitions.append(transition) }
        departures?.shown(pages, forward: forward)
    }

    /// The top page: the stack's last.
    public var topPage: Page<Route>? { pages.last }

    /// The top page's route.
    public var topRoute: Route? { pages.last?.route }

    /// The window's title: the shown page's (when split, the sidebar's while nothing is
    /// selected).
    public var title: String? { pages.last?.title }

    /// Whether the header bar's Back button would be shown (one stack only: a split shows each
    /// side's Back instead).
    public var showsBackButton: Bool { presentation.single != nil && pages.count > 1 }

    /// Whether the sidebar's Back would be shown (split, with a page under the sidebar).
    public var showsSidebarBack: Bool { presentation.panes?.sidebarCanGoBack ?? false }

    /// Whether the content's Back would be shown (split, with a page beside the sidebar).
    public var showsContentBack: Bool { presentation.panes?.contentCanGoBack ?? false }

    /// Whether anything is shown (for a dialog host: whether the dialog is open).
    public var isOpen: Bool { !pages.isEmpty }

    /// The top page's model as `Model`, or `nil` if it is another kind.
    public func topModel<Model>(as type: Model.Type = Model.self) -> Model? {
        pages.last?.model as? Model
    }

    /// The user presses the header bar's Back button, Alt+Left or the mouse's back button (in
    /// a split, the content's Back button does the same).
    public func tapBack() { delegate?.hostDidRequestBack() }

    /// The user opens Back's history (right click, long press, Shift+F10 or the Menu key on a
    /// Back button) and chooses the page `id`: the pages above it leave in one step, if their
    /// leave guards agree. `backHistory` lists what the menu offers.
    public func chooseInBackHistory(_ id: PageID) { delegate?.hostDidRequestBack(to: id) }

    /// What Back's history offers: the pages below the top page, newest first (empty on a
    /// root page).
    public var backHistory: [Page<Route>] { pages.dropLast().reversed() }

    /// The user presses Alt+Right (Alt+Left right to left) or the mouse's forward button: the
    /// next page in forward history comes back as it was.
    public func tapForward() { delegate?.hostDidRequestForward() }

    /// The user chooses the page `id` among the pages ahead in Back's history menu (below its
    /// separator): it comes back, with every forward page before it, in one step.
    public func chooseInForwardHistory(_ id: PageID) { delegate?.hostDidRequestForward(to: id) }

    /// The user swipes back over the stack (a touchscreen's edge swipe; with `touchpad`, a
    /// two-finger swipe): the page travels `fraction` of the width, in ten movements over half
    /// a second (with `flick`, a twentieth of a second: fast), and is let go. The same
    /// `BackSwipe` (from `Navigation`) the GTK hosts use decides: past its threshold (or a
    /// flick) it goes Back through the one Back path, `hostDidRequestBack()`, where a leave
    /// guard may still keep the page; else nothing happens. Only where Back is in one stack
    /// (`showsBackButton`): beside a sidebar, a swipe does nothing. Returns whether it went
    /// Back (asked the router).
    @discardableResult
    public func swipeBack(
        _ fraction: Double, flick: Bool = false, touchpad: Bool = false, rightToLeft: Bool = false
    ) -> Bool {
        guard showsBackButton else { return false }
        guard swipe(.back, fraction, flick: flick, touchpad: touchpad, rightToLeft: rightToLeft) else { return false }
        delegate?.hostDidRequestBack()
        return true
    }

    /// The user swipes forward over the stack (a touchscreen's swipe from the trailing edge;
    /// with `touchpad`, a two-finger swipe towards the leading edge), as `swipeBack` does the
    /// other way: past the threshold (or a flick) the next page in forward history comes back
    /// through `hostDidRequestForward()`. Only where there are pages ahead (`forwardPages`)
    /// and one page is shown (not beside a sidebar). Returns whether it went Forward (asked
    /// the router).
    @discardableResult
    public func swipeForward(
        _ fraction: Double, flick: Bool = false, touchpad: Bool = false, rightToLeft: Bool = false
    ) -> Bool {
        guard presentation.single != nil, !pages.isEmpty, !forwardPages.isEmpty else { return false }
        guard swipe(.forward, fraction, flick: flick, touchpad: touchpad, rightToLeft: rightToLeft) else {
            return false
        }
        delegate?.hostDidRequestForward()
        return true
    }

    /// Moves a `BackSwipe` as the user's fingers would and says whether letting go commits.
    private func swipe(
        _ direction: BackSwipe.Direction, _ fraction: Double, flick: Bool, touchpad: Bool, rightToLeft: Bool
    ) -> Bool {
        var swipe = BackSwipe(
            width: Double(width > 0 ? width : 400), isRightToLeft: rightToLeft,
            source: touchpad ? .touchpad : .touchscreen, direction: direction)
        let distance = fraction * swipe.width
        let steps = 10
        let interval = flick ? 0.005 : 0.05
        for step in 1...steps {
            let time = Double(step) * interval
            // The fingers move right for Back left to right and for Forward right to left; a
            // touchpad's deltas point against them.
            var delta = distance / Double(steps)
            if (direction == .forward) != rightToLeft { delta = -delta }
            if touchpad { delta = -delta }
            swipe.move(by: delta, at: time)
        }
        return swipe.end(at: Double(steps) * interval)
    }

    /// The user presses the sidebar's Back (split only; does nothing when it is not shown).
    public func tapSidebarBack() {
        guard showsSidebarBack, let sidebar = presentation.panes?.sidebar else { return }
        delegate?.hostDidRequestBack(from: sidebar.id)
    }

    /// The user presses the content's Back (split only; does nothing when it is not shown).
    public func tapContentBack() {
        guard showsContentBack else { return }
        delegate?.hostDidRequestBack()
    }

    /// The user presses a dialog's Cancel button or Escape.
    public func tapCancel() { delegate?.hostDidRequestDismiss(.cancel) }

    /// The user presses the window's close button (or Ctrl+W in a dialog).
    public func tapClose() { delegate?.hostDidRequestDismiss(.close) }

    /// The host's window is destroyed from outside (e.g. with its parent).
    public func closeWindow() {
        pages = []
        forwardPages = []
        departures?.shown([])
        delegate?.hostWasDestroyed()
    }
}

extension InMemoryHost: RouterReleasing {}

/// Where this package's tests hear what an `InMemoryHost` going away reports, instead of the
/// running test failing (a generic type cannot have stored statics).
@MainActor
package enum LeakReportObserver {
    /// Told each line a host reports as it goes away; `nil`: the running test fails.
    package static var current: (@MainActor (String) -> Void)?
}
