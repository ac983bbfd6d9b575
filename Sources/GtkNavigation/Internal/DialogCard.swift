import Gtk
import Navigation

/// The widgets of one open dialog of a `GtkDialogHost`: a card in its window's `ModalLayer`
/// (accessible role *dialog*, modal) with a header bar — the `BackNavigation`'s Back, the
/// page's title, Cancel and a close button — over the page stack. As a bottom sheet it has a
/// drag handle instead of the close button: a swipe down on the handle or the header (a finger,
/// the mouse, or two fingers on a touchpad) asks to close, as Cancel does, and the sheet
/// follows the fingers until then.
@MainActor
final class DialogCard<Route: NavigationRoute> {
    let card = Box.card(role: .dialog)
    /// The card's header: a row, not a `GtkHeaderBar`, which would move the window when dragged
    /// (the sheet's drag is the swipe down), and whose inner boxes GTK 4.18 loses the focus in
    /// (Tab from its Cancel went back to its first control, never to the page).
    let header = Box(.horizontal, spacing: 6)
    let navigation: BackNavigation
    let pages: PageViews<Route>
    let swipe: SwipeBack
    let focusHome = FocusHome()
    /// The sheet's drag handle: a button (Cancel's action) that keyboards and screen readers
    /// reach too.
    let handle: Button
    /// The title in the header bar. GTK's own keeps five characters however narrow the window
    /// ("Visit…"): this one ends in "…" as soon as it must.
    private let titleLabel = Label()
    private let grip = Box(.vertical)
    private let shift: SidewaysShift
    private var drag: DragGesture?
    private var scroll: ScrollController?
    /// How far a touchpad's two fingers have moved the sheet down (`nil`: not swiping).
    private var touchpadOffset: Double?
    /// When the touchpad's last delta came (µs): a sequence whose end never comes ends after
    /// half a second of silence.
    private var lastTouchpadInput = 0
    /// Asked when a swipe down was long enough: the host asks the router to close (as Cancel).
    var onSwipedDown: (@MainActor () -> Void)?
    /// The name assistive technologies have for the card.
    var name: String?
    /// The size the card asks for when it floats (`GtkDialogHost.dialogSize`).
    private let floatingSize: (width: Int32, height: Int32)?

    init(
        window: Window, makeView: @escaping PageViewFactory<Route>, labels: NavigationLabels,
        size: (width: Int32, height: Int32)?
    ) {
        navigation = BackNavigation(dialog: card, in: window, labels: labels)
        pages = PageViews(makeView: makeView)
        swipe = SwipeBack(content: pages.stack)
        floatingSize = size
        handle = Button(accessibleLabel: labels.close)
        handle.addCSSClass("modal-handle")
        handle.setAlignment(horizontal: .center, vertical: .start)
        handle.setAction(NavigationAction.cancel)
        shift = SidewaysShift(card)
        card.addCSSClass(GtkDialogHost<Route>.dialogCSSClass)
        header.addCSSClass("dialog-header")
        titleLabel.addCSSClass("title")
        titleLabel.ellipsizeEnd()
        titleLabel.setExpand(horizontal: true, vertical: false)
        header.append(navigation.backButton)
        header.append(titleLabel)
        if let cancel = navigation.cancelButton { header.append(cancel) }
        if let close = navigation.closeButton { header.append(close) }
        CSSProvider.installDefault(
            """
            .dialog-header { padding: 6px; min-height: 34px; border-bottom: 1px solid alpha(black, 0.12); }
            .dialog-header .title { font-weight: bold; }
            """)
        navigation.onTitleChange = { [titleLabel] title in titleLabel.text = title }
        grip.append(handle)
        grip.append(header)
        card.append(grip)
        card.append(swipe.root)
        swipe.root.setExpand(horizontal: true, vertical: true)
        let drag = DragGesture(on: grip, touchOnly: false)
        drag.onUpdate { [weak self, weak drag] _, dy in
            if self?.dragged(dy) == true { drag?.claim() }
        }
        drag.onEnd { [weak self] _, dy in self?.released(dy) }
        self.drag = drag
        let scroll = ScrollController(on: grip, capturing: true)
        scroll.onBegin { [weak self, weak scroll] in
            guard let self, self.isSheet, scroll?.isFromTouchpad != false else { return }
            self.touchpadOffset = 0
        }
        scroll.onScroll { [weak self] dx, dy in self?.touchpadScrolled(dx: dx, dy: dy) ?? false }
        scroll.onEnd { [weak self] in self?.touchpadEnded() }
        self.scroll = scroll
        place(asSheet: false, height: 0)
    }

    /// The title the header shows (the shown page's).
    var title: String { titleLabel.text }

    /// Whether the card is a bottom sheet (with its handle) rather than floating.
    private(set) var isSheet = false

    /// Lays the card out as a bottom sheet or floating, in a layer `height` pixels high (0: not
    /// known yet): it asks for `floatingSize`, but never for more than the layer has room for.
    func place(asSheet sheet: Bool, height: Int) {
        isSheet = sheet
        handle.isVisible = sheet
        navigation.closeButton?.isVisible = !sheet
        let room = height > 0 ? Int32(height - (sheet ? 24 : 48)) : Int32.max
        let asked = floatingSize.map { min($0.height, room) } ?? -1
        card.setSizeRequest(width: sheet ? -1 : floatingSize?.width ?? -1, height: asked)
        shift.y = 0
    }

    /// How far the finger has moved the sheet down (0 while it has not).
    var swipeOffset: Double { shift.y }

    /// The finger moved `dy` down from where it went down; returns whether it moves the sheet.
    private func dragged(_ dy: Double) -> Bool {
        guard isSheet else { return false }
        if shift.y == 0, dy < 8 { return false }  // not yet a swipe: a tap on the handle or a button
        shift.animatesReturn = false
        shift.y = max(dy, 0)
        return true
    }

    private func released(_ dy: Double) {
        guard isSheet, shift.y > 0 else { return }
        // Far enough: a third of the sheet, or 120 px. The sheet springs back either way; if
        // the guards let the dialog close, it goes with it.
        let height = card.allocatedHeight
        let far = dy >= (height > 0 ? min(120, Double(height) / 3) : 120)
        shift.animatesReturn = true
        shift.y = 0
        if far { onSwipedDown?() }
    }

    /// A touchpad's delta: the fingers move against it (natural scrolling), so fingers going
    /// down give a negative `dy`. Sideways or upwards first, it is not a swipe.
    private func touchpadScrolled(dx: Double, dy: Double) -> Bool {
        guard isSheet, let offset = touchpadOffset else { return false }
        guard offset > 0 || (dy < 0 && abs(dy) >= abs(dx)) else {
            touchpadOffset = nil  // not a swipe down: the header's own (nothing scrolls there)
            return false
        }
        let moved = max(0, offset - dy)
        touchpadOffset = moved
        lastTouchpadInput = MainLoop.now
        shift.animatesReturn = false
        shift.y = moved
        watchTouchpadSilence()
        return true
    }

    private func touchpadEnded() {
        guard let offset = touchpadOffset else { return }
        touchpadOffset = nil
        released(offset)
    }

    private func watchTouchpadSilence() {
        MainLoop.after(milliseconds: 250) { [weak self] in
            guard let self, self.touchpadOffset != nil else { return }
            if MainLoop.now - self.lastTouchpadInput >= 500_000 {
                self.touchpadEnded()
            } else {
                self.watchTouchpadSilence()
            }
        }
    }

    /// The drag on the handle and the header (tests drive it with its signals).
    package var swipeGesture: DragGesture? { drag }
    /// The touchpad's scrolling on the handle and the header (tests drive it with its signals).
    package var swipeScroll: ScrollController? { scroll }
}
