import Gtk
import Navigation

/// Shows a `ModalRouter`'s pages in a modal dialog window.
///
/// The dialog (`DialogWindow`) is a GtkWindow: modal, transient for the main window, destroyed
/// with it, with its own header bar and GtkStack. It opens when the router's stack becomes
/// non-empty and is destroyed when it becomes empty. Its `BackNavigation` follows this host:
/// Back asks the router to go back, Cancel, Escape and the close button ask it to close. If
/// the dialog is destroyed from outside (with its parent), the router is told it has gone.
/// When the dialog closes, the focus comes back to the control that opened it, in the window
/// it was over.
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
    private weak var parent: Window?
    private let makeView: PageViewFactory<Route>
    private let labels: NavigationLabels
    private var dialog: DialogWindow<Route>?
    /// The control that had the focus in `parent` when the dialog opened.
    private var opener: SavedFocus?
    private var pages: [Page<Route>] = []
    /// The pages the router keeps for Forward, the next one first.
    private var forwardPages: [Page<Route>] = []
    private var leaks: LeakWarnings<Route>!

    /// The CSS class every dialog window has: `navigation-dialog`.
    public static var dialogCSSClass: String { "navigation-dialog" }

    /// The size a dialog opens at (the user can resize it). `nil` (unless set): GTK's default,
    /// the size its content asks for.
    public var dialogSize: (width: Int32, height: Int32)?

    /// The name a screen reader announces for the dialog (the flow's: "Schedule
    /// appointment"), from the dialog's first page. `nil` (unless set), or a `nil` answer: the
    /// dialog's title, which follows the page shown in it ("Which pet?"). A dialog window has
    /// the accessible role *dialog* either way.
    public var dialogName: (@MainActor (_ firstPage: Page<Route>) -> String?)?

    /// A host for dialogs over `parent`, building views with `makeView`.
    public init(
        parent: Window, labels: NavigationLabels = NavigationLabels(), makeView: @escaping PageViewFactory<Route>
    ) {
        self.parent = parent
        self.labels = labels
        self.makeView = makeView
        leaks = LeakWarnings { [weak self] in self?.dialog?.pages.stack.isTransitionRunning != true }
        // A closed dialog whose pages its router keeps for Forward goes with its parent too
        // (an open one hears it from its own window).
        parent.onDestroy { [weak self] in
            guard let self, self.dialog == nil, !self.forwardPages.isEmpty else { return }
            self.delegate?.hostWasDestroyed()
        }
    }

    /// The open dialog's window, if any.
    public var window: Window? { dialog?.window }

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
        let dialog = self.dialog ?? open()
        nameDialog(dialog)
        let ids = pages.map { $0.id }  // not `\.id`: see check-floors
        let forward = forwardPages.map { $0.id }
        dialog.focusHome.willShow(
            ids, forward: forward, in: dialog.window, host: dialog.swipe.root, view: dialog.pages.view(for:))
        // A swipe that goes Back has slid the page itself.
        dialog.pages.kept = Set(forward)
        let restores = ids.last.map { dialog.focusHome.restoresFocus(of: $0) } ?? false
        dialog.pages.show(
            pages, transition: dialog.swipe.isFinishing ? .none : transition, takesFocus: restores ? .leave : .take)
        dialog.swipe.stackChanged()
        dialog.focusHome.didShow(ids, target: ids.last, in: dialog.window, view: dialog.pages.view(for:))
        leaks.shown(pages, forward: forwardPages, views: { dialog.pages.view(for: $0) })
        onChange?()
    }

    /// Whether a person can see and use the page `id` of `pages`: the dialog's top page, unless
    /// an alert is over the dialog.
    public func isShown(_ id: PageID, of pages: [Page<Route>]) -> Bool {
        guard let window = dialog?.window, window.isUnderModalWindow == false else { return false }
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

    private func open() -> DialogWindow<Route> {
        opener = parent.flatMap { SavedFocus(of: $0) }
        let dialog = DialogWindow(makeView: makeView, labels: labels, size: dialogSize)
        dialog.pages.onViewCreated = { [weak self] view in self?.onViewCreated?(view) }
        dialog.window.setTransient(for: parent)
        dialog.window.joinApplication(of: parent)
        dialog.navigation.follow(self)
        dialog.swipe.target = { [weak self, weak dialog] in
            guard let self, let dialog, self.pages.count > 1, !dialog.window.isUnderModalWindow,
                let view = dialog.pages.shownView
            else { return nil }
            return (view.widget, self.pages[self.pages.count - 2].title)
        }
        dialog.swipe.forwardTarget = { [weak self, weak dialog] in
            guard let self, let dialog, let next = self.forwardPages.first, !dialog.window.isUnderModalWindow,
                let view = dialog.pages.shownView
            else { return nil }
            return (view.widget, next.title)
        }
        dialog.swipe.shownView = { [weak dialog] in dialog?.pages.shownView?.widget }
        dialog.window.onDestroy { [weak self, weak dialog] in
            // Destroyed by someone else (e.g. along with the main window).
            guard let self, let dialog, self.dialog === dialog else { return }
            dialog.swipe.windowDestroyed()
            self.dialog = nil
            self.opener = nil  // its window went with its parent
            self.delegate?.hostWasDestroyed()
            self.leaks.closed()  // the pages left, whether or not a router was there to say so
        }
        self.dialog = dialog
        nameDialog(dialog)
        onWindowCreated?(dialog.window)
        // Shown once its window has been drawn (a link opened at start-up opens the dialog in
        // the same turn as the window): a window manager places a dialog over a parent that is
        // there, and weston 14 to 16 never drew a dialog whose first frame came before its
        // parent's (its frame callbacks never came).
        if let parent, parent.isMapped, (parent.framesDrawn ?? 0) == 0 {
            // Weak here, not only in the inner closure: a parent that never draws keeps its
            // tick callback, which must not keep the host or the dialog.
            parent.atNextFrame { [weak self, weak dialog] in
                MainLoop.whenIdle { [weak self, weak dialog] in  // after that frame is drawn
                    guard let self, let dialog, self.dialog === dialog else { return }
                    dialog.window.present()
                }
            }
        } else {
            dialog.window.present()
        }
        return dialog
    }

    private func nameDialog(_ dialog: DialogWindow<Route>) {
        guard let dialogName, let first = pages.first else { return }
        let name = dialogName(first)
        if dialog.window.accessibleName != name { dialog.window.accessibleName = name }
    }

    private func close() {
        guard let dialog else { return }
        self.dialog = nil
        onChange = nil
        dialog.window.destroy()
        // The focus comes home: to the control that opened the dialog, in the window it was
        // over (unless that window is going away too).
        let opener = self.opener
        self.opener = nil
        guard let parent, parent.isMapped else { return }
        parent.present()
        opener?.restore()
    }

    // MARK: For tests and tools in this package

    /// The open dialog's swipe back (tests drive its controllers with signals).
    package var swipeBack: SwipeBack? { dialog?.swipe }

    /// Called with every page view right after it is created.
    package var onViewCreated: (@MainActor (any PageView) -> Void)?
    /// Called with each dialog window right after it is created.
    package var onWindowCreated: (@MainActor (Window) -> Void)?
    /// The open dialog's Back button, if any.
    package var backButton: Button? { dialog?.navigation.backButton }
    /// The open dialog's Back (for tests: its history menu).
    package var navigation: BackNavigation? { dialog?.navigation }
    /// The open dialog's Cancel button, if any.
    package var cancelButton: Button? { dialog?.navigation.cancelButton }
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
