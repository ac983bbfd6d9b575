import Gtk
import Navigation

/// Shows a `ModalRouter`'s pages in a dialog inside the window it belongs to.
///
/// The dialog is a card in the window's `ModalLayer`: over the window's dimmed, inert content
/// (no click, key or screen reader reaches it), with its own header bar — Back, the shown
/// page's title, Cancel and a close button — over its pages. To assistive technologies it is a
/// modal dialog named for its flow (`dialogName`). It floats in the middle of a window at least
/// the layer's `ModalLayer/sheetWidth` wide, sized by `dialogSize`; on a narrower window it is
/// a bottom sheet as wide as the window, with a drag handle in place of the close button, and a
/// resize across that width moves it live, its pages untouched. It opens when the router's
/// stack becomes non-empty and goes when it becomes empty. Its `BackNavigation` follows this
/// host: Back (the button, Alt+Left, the mouse's back button, a swipe) asks the router to go
/// back; Cancel, Escape, Ctrl+W, the close button, the handle and a swipe down on the sheet
/// ask it to close, so the leave guards decide (a refused or kept close springs the sheet back).
/// The focus moves into the dialog when it opens (Tab goes round the dialog only) and comes
/// back to the control that opened it, caret included, when it goes. If its window is
/// destroyed, the router is told the dialog has gone.
///
/// The dialog's top page is the one shown (`isShown(_:of:)`), except while an alert is over
/// the dialog. In debug builds, every page it showed is checked once it has left, as
/// `GtkStackHost` checks it.
@MainActor
public final class GtkDialogHost<Route: NavigationRoute>: NavigationHost, BackNavigable {
    /// The router.
    public weak var delegate: (any NavigationHostDelegate)?
    /// Called after every change (set by the open dialog's `BackNavigation`).
    public var onChange: (@MainActor () -> Void)?
    private let layer: ModalLayer
    private weak var parent: Window?
    private let makeView: PageViewFactory<Route>
    private let labels: NavigationLabels
    private var dialog: DialogCard<Route>?
    /// The control that had the focus in `parent` when the dialog opened.
    private var opener: SavedFocus?
    private var pages: [Page<Route>] = []
    /// The pages the router keeps for Forward, the next one first.
    private var forwardPages: [Page<Route>] = []
    private var leaks: LeakWarnings<Route>!

    /// The CSS class every dialog card has: `navigation-dialog`.
    public static var dialogCSSClass: String { "navigation-dialog" }

    /// The size a floating dialog asks for (its content may make it larger); a bottom sheet
    /// takes its height. `nil` (unless set): the size its content asks for.
    public var dialogSize: (width: Int32, height: Int32)?

    /// The name a screen reader announces for the dialog (the flow's: "Schedule
    /// appointment"), from the dialog's first page. `nil` (unless set), or a `nil` answer: the
    /// shown page's title ("Which pet?"). The dialog has the accessible role *dialog* either way.
    public var dialogName: (@MainActor (_ firstPage: Page<Route>) -> String?)?

    /// A host for dialogs in `layer`'s window, building views with `makeView`.
    public init(
        layer: ModalLayer, labels: NavigationLabels = NavigationLabels(),
        makeView: @escaping PageViewFactory<Route>
    ) {
        self.layer = layer
        parent = layer.window
        self.labels = labels
        self.makeView = makeView
        leaks = LeakWarnings { [weak self] in self?.dialog?.pages.stack.isTransitionRunning != true }
        // The window goes: an open dialog goes with it, and so do the pages a closed one keeps
        // for Forward.
        layer.window?.onDestroy { [weak self] in
            guard let self else { return }
            if let dialog = self.dialog {
                dialog.swipe.windowDestroyed()
                self.dialog = nil
                self.opener = nil
                self.delegate?.hostWasDestroyed()
                self.leaks.closed()  // the pages left, whether or not a router was there to say so
            } else if !self.forwardPages.isEmpty {
                self.delegate?.hostWasDestroyed()
            }
        }
        layer.onPlacementChange { [weak self] in
            guard let self, let dialog = self.dialog else { return }
            dialog.place(asSheet: self.layer.isSheet, height: self.layer.widget.allocatedHeight)
        }
    }

    /// Dialogs open inside their window now: make the window's `ModalLayer` and pass it.
    @available(*, unavailable, message: "dialogs open inside their window: use init(layer:labels:makeView:)")
    public init(
        parent: Window, labels: NavigationLabels = NavigationLabels(), makeView: @escaping PageViewFactory<Route>
    ) {
        fatalError("unavailable")
    }

    /// The open dialog's card, if any.
    public var card: Widget? { dialog?.card }

    /// Whether the open dialog is a bottom sheet (the window is narrower than the layer's
    /// `ModalLayer/sheetWidth`); `false` while none is open.
    public var isSheet: Bool { dialog?.isSheet ?? false }

    /// Opens, updates or closes the dialog to match `pages`, with `forward` the pages the
    /// router keeps for Forward: they have not left (the leak check waits until they are dropped).
    public func show(_ pages: [Page<Route>], forward: [Page<Route>], transition: NavigationTransition) {
        forwardPages = forward
        show(pages, transition: transition)
    }

    /// Opens, updates or closes the dialog to match `pages`.
    public func show(_ pages: [Page<Route>], transition: NavigationTransition) {
        self.pages = pages
        guard !pages.isEmpty else {
            leaks.shown(pages, forward: forwardPages, views: { _ in nil })
            return close()
        }
        guard let parent else { return }  // the window has gone
        let dialog = self.dialog ?? open(in: parent)
        nameDialog(dialog)
        let ids = pages.map { $0.id }  // not `\.id`: see check-floors
        let forward = forwardPages.map { $0.id }
        dialog.focusHome.willShow(
            ids, forward: forward, in: parent, host: dialog.swipe.root, view: dialog.pages.view(for:))
        // A swipe that goes Back has slid the page itself.
        dialog.pages.kept = Set(forward)
        let restores = ids.last.map { dialog.focusHome.restoresFocus(of: $0) } ?? false
        dialog.pages.show(
            pages, transition: dialog.swipe.isFinishing ? .none : transition, takesFocus: restores ? .leave : .take)
        dialog.swipe.stackChanged()
        dialog.focusHome.didShow(ids, target: ids.last, in: parent, view: dialog.pages.view(for:))
        if isTop(dialog) { layer.focusTopCard() }  // a page that focused nothing: the card's first control
        leaks.shown(pages, forward: forwardPages, views: { dialog.pages.view(for: $0) })
        onChange?()
    }

    /// Whether a person can see and use the page `id` of `pages`: the dialog's top page, unless
    /// an alert is over the dialog.
    public func isShown(_ id: PageID, of pages: [Page<Route>]) -> Bool {
        guard let dialog, layer.shownCards.last === dialog.card else { return false }
        return pages.last?.id == id
    }

    /// Registers `object` as brought by the page `id` (checked in debug builds).
    public func register(_ object: AnyObject, broughtBy id: PageID) {
        leaks.register(object, broughtBy: id)
    }

    // MARK: BackNavigable

    /// The shown page's title.
    public var title: String? { pages.last?.title }
    /// Whether there is a page to go back to inside the dialog.
    public var canGoBack: Bool { pages.count > 1 }
    /// The router: `BackNavigation` tells it of Back and close itself.
    public var backRouter: (any NavigationHostDelegate)? { delegate }

    /// The pages the router keeps for Forward, the next one first, with their titles.
    public var forwardHistory: [(id: PageID, title: String)] { forwardPages.map { (id: $0.id, title: $0.title) } }

    /// The dialog's pages below the shown one, newest first, with their titles.
    public var backHistory: [(id: PageID, title: String)] {
        pages.dropLast().reversed().map { (id: $0.id, title: $0.title) }
    }

    private func open(in parent: Window) -> DialogCard<Route> {
        opener = SavedFocus(of: parent)
        let dialog = DialogCard(window: parent, makeView: makeView, labels: labels, size: dialogSize)
        dialog.pages.onViewCreated = { [weak self] view in self?.onViewCreated?(view) }
        dialog.navigation.follow(self)
        dialog.swipe.target = { [weak self, weak dialog] in
            guard let self, let dialog, self.pages.count > 1, self.isTop(dialog), let view = dialog.pages.shownView
            else { return nil }
            return (view.widget, self.pages[self.pages.count - 2].title)
        }
        dialog.swipe.forwardTarget = { [weak self, weak dialog] in
            guard let self, let dialog, let next = self.forwardPages.first, self.isTop(dialog),
                let view = dialog.pages.shownView
            else { return nil }
            return (view.widget, next.title)
        }
        dialog.swipe.shownView = { [weak dialog] in dialog?.pages.shownView?.widget }
        dialog.onSwipedDown = { [weak self] in self?.delegate?.hostDidRequestDismiss(.cancel) }
        self.dialog = dialog
        nameDialog(dialog)
        onCardCreated?(dialog.card)
        layer.show(dialog.card, close: { [weak self] in self?.delegate?.hostDidRequestDismiss(.close) })
        dialog.place(asSheet: layer.isSheet, height: layer.widget.allocatedHeight)
        return dialog
    }

    private func isTop(_ dialog: DialogCard<Route>) -> Bool { layer.shownCards.last === dialog.card }

    private func nameDialog(_ dialog: DialogCard<Route>) {
        let name = pages.first.flatMap { dialogName?($0) } ?? pages.last?.title ?? ""
        if dialog.name != name {
            dialog.name = name
            dialog.card.setAccessibleLabel(name)
        }
    }

    private func close() {
        guard let dialog else { return }
        self.dialog = nil
        onChange = nil
        layer.remove(dialog.card)
        // The focus comes home: to the control that opened the dialog (unless its window is
        // going away).
        let opener = self.opener
        self.opener = nil
        // Not while an alert is still open over the window: its own focus comes back when it goes.
        guard let parent, parent.isMapped, !layer.isBlocking else { return }
        opener?.restore()
    }

    // MARK: For tests and tools in this package

    /// The open dialog's swipe back (tests drive its controllers with signals).
    package var swipeBack: SwipeBack? { dialog?.swipe }

    /// Called with every page view right after it is created.
    package var onViewCreated: (@MainActor (any PageView) -> Void)?
    /// Called with each dialog's card right after it is created.
    package var onCardCreated: (@MainActor (Widget) -> Void)?
    /// The open dialog's Back button, if any.
    package var backButton: Button? { dialog?.navigation.backButton }
    /// The open dialog's Back (for tests: its history menu).
    package var navigation: BackNavigation? { dialog?.navigation }
    /// The open dialog's Cancel button, if any.
    package var cancelButton: Button? { dialog?.navigation.cancelButton }
    /// The open dialog's close button (hidden while it is a bottom sheet), if any.
    package var closeButton: Button? { dialog?.navigation.closeButton }
    /// The open dialog's drag handle (shown while it is a bottom sheet), if any.
    package var handle: Button? { dialog?.handle }
    /// The title the open dialog's header shows.
    package var shownTitle: String? { dialog?.title }
    /// How far a swipe has moved the open sheet down (0 at rest).
    package var swipeOffset: Double { dialog?.swipeOffset ?? 0 }
    /// The open dialog's swipe down (tests drive it with its signals).
    package var swipeDownGesture: DragGesture? { dialog?.swipeGesture }
    /// The open dialog's touchpad swipe down (tests drive it with its signals).
    package var swipeDownScroll: ScrollController? { dialog?.swipeScroll }
    /// The open dialog's shown page view, if any.
    package var shownView: (any PageView)? { dialog?.pages.shownView }
    /// `navigation.back`, while a dialog is open.
    package var backAction: Action? { dialog?.navigation.backAction }
    /// `navigation.cancel`, while a dialog is open.
    package var cancelAction: Action? { dialog?.navigation.cancelAction }
    /// `navigation.close` (Ctrl+W), while a dialog is open.
    package var closeAction: Action? { dialog?.navigation.closeAction }
    /// The open dialog's stack, if any.
    package var stack: Stack? { dialog?.pages.stack }
}
