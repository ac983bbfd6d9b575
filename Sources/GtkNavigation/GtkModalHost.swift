import Gtk
import Navigation

/// Shows a `ModalRouter`'s pages in a modal dialog window.
///
/// The dialog is a GtkWindow: modal, transient for the main window, destroyed with it, with
/// its own header bar (Back at the start, Cancel at the end, the window's close button), and
/// its own GtkStack. It opens when the router's stack becomes non-empty and is destroyed when
/// it becomes empty. Cancel and the close button ask the router to close; if the dialog is
/// destroyed from outside (with its parent), the router is told it has gone.
@MainActor
public final class GtkModalHost<Route: NavigationRoute>: NavigationHost {
    /// The router.
    public weak var delegate: (any NavigationHostDelegate)?
    private weak var parent: Window?
    private let makeView: PageViewFactory<Route>
    private let labels: NavigationLabels
    private var dialog: ModalDialog<Route>?
    /// Called with every page view right after it is created.
    public var onViewCreated: (@MainActor (any PageView) -> Void)?
    /// Called with each dialog window right after it is created (tests watch it).
    public var onWindowCreated: (@MainActor (Window) -> Void)?

    /// A host for dialogs over `parent`, building views with `makeView`.
    public init(parent: Window, labels: NavigationLabels = NavigationLabels(), makeView: @escaping PageViewFactory<Route>) {
        self.parent = parent
        self.labels = labels
        self.makeView = makeView
    }

    /// The open dialog's window, if any.
    public var window: Window? { dialog?.window }
    /// The open dialog's Back button, if any.
    public var backButton: Button? { dialog?.back }
    /// The open dialog's Cancel button, if any.
    public var cancelButton: Button? { dialog?.cancel }
    /// The open dialog's visible page view, if any.
    public var visibleView: (any PageView)? { dialog?.pages.visibleView }
    /// `dialog.back` (Back button, Alt+Left, mouse back button), while a dialog is open.
    public var backAction: Action? { dialog?.backAction }
    /// `dialog.cancel` (Cancel button, Escape), while a dialog is open.
    public var cancelAction: Action? { dialog?.cancelAction }
    /// The open dialog's stack, if any.
    public var stack: Stack? { dialog?.pages.stack }

    /// Opens, updates or closes the dialog to match `pages`.
    public func show(_ pages: [Page<Route>], transition: NavigationTransition) {
        guard !pages.isEmpty else { return close() }
        let dialog = self.dialog ?? open()
        dialog.pages.show(pages, transition: transition)
        dialog.back.isVisible = pages.count > 1
        dialog.backAction?.isEnabled = pages.count > 1
        dialog.window.title = pages[pages.count - 1].title
    }

    private func open() -> ModalDialog<Route> {
        let dialog = ModalDialog(makeView: makeView, labels: labels)
        dialog.pages.onViewCreated = { [weak self] view in self?.onViewCreated?(view) }
        dialog.window.setTransient(for: parent)
        dialog.window.joinApplication(of: parent)
        // Back (button, Alt+Left, mouse back button) and Cancel (button, Escape) are actions,
        // so every way of asking takes the same path.
        let actions = dialog.window.insertActions(prefix: "dialog", [
            ("back", { [weak self] in self?.delegate?.hostDidRequestBack() }),
            ("cancel", { [weak self] in self?.delegate?.hostDidRequestClose() }),
        ])
        dialog.backAction = actions["back"]
        dialog.cancelAction = actions["cancel"]
        dialog.back.setAction("dialog.back")
        dialog.cancel.setAction("dialog.cancel")
        dialog.window.addShortcut("Escape", action: "dialog.cancel")
        dialog.window.addShortcut("<Alt>Left", action: "dialog.back")
        dialog.window.onMouseButton(8) { [weak self] in self?.delegate?.hostDidRequestBack() }
        dialog.window.onCloseRequest { [weak self] in
            guard let self, let delegate = self.delegate else { return false }
            delegate.hostDidRequestClose()
            return true
        }
        dialog.window.onDestroy { [weak self, weak dialog] in
            // Destroyed by someone else (e.g. along with the main window).
            guard let self, let dialog, self.dialog === dialog else { return }
            self.dialog = nil
            self.delegate?.hostDidClose()
        }
        self.dialog = dialog
        onWindowCreated?(dialog.window)
        dialog.window.present()
        return dialog
    }

    private func close() {
        guard let dialog else { return }
        self.dialog = nil
        dialog.window.destroy()
    }
}

/// The widgets of one open dialog: window, header bar (Back, Cancel, close) and page stack.
@MainActor
private final class ModalDialog<Route: NavigationRoute> {
    let window = Window()
    let header = HeaderBar()
    let back: Button
    let cancel: Button
    let pages: PageStack<Route>
    var backAction: Action?
    var cancelAction: Action?

    init(makeView: @escaping PageViewFactory<Route>, labels: NavigationLabels) {
        back = Button(iconName: "go-previous-symbolic", accessibleLabel: labels.back)
        cancel = Button(label: labels.cancel)
        pages = PageStack(makeView: makeView)
        window.isModal = true
        window.destroysWithParent = true
        window.setDefaultSize(width: 420, height: 460)
        window.addCSSClass("raypets-dialog")
        back.isVisible = false
        header.packStart(back)
        header.packEnd(cancel)
        header.showsTitleButtons = true
        window.titlebar = header
        window.child = pages.stack
    }
}
