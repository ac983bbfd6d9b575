import Gtk
import Navigation

/// Where Back goes: the one place every way of going back, or of leaving a dialog, passes
/// through.
///
/// A window has one `BackNavigation`. It owns the window's Back button (and a dialog's Cancel
/// button) and the `navigation.back` / `navigation.cancel` actions behind them
/// (``NavigationAction``), and binds to those actions every way a user can ask:
///
/// | the user's way | action |
/// |---|---|
/// | the header bar's Back button | `navigation.back` |
/// | Alt+Left | `navigation.back` |
/// | the mouse's back button (button 8) | `navigation.back` |
/// | Alt+Right, the mouse's forward button (button 9) | `navigation.forward` |
/// | a dialog's Cancel button, Escape | `navigation.cancel` |
/// | a dialog window's close button, Ctrl+W in a dialog | `navigation.close` |
/// | Ctrl+W in a window that is not a dialog | `navigation.close`: the window's close request (while a dialog or an alert is open in it: that one's close, `ModalLayer.closeTopCard()`) |
/// | Escape on a page outside a dialog | `navigation.cancel`: Back |
/// | a right click, a long press, Shift+F10 or the Menu key on the Back button | Back's history: a menu of the pages below, whose items activate `navigation.back-to`, and below a separator the pages ahead, whose items activate `navigation.forward-to` |
///
/// In a right-to-left layout the arrows swap: Alt+Right is Back and Alt+Left Forward.
///
/// Bind none of these keys as an application accelerator (`Application.setAccelerator(of:)`):
/// GTK gives an application's accelerators their keys before any widget sees them, so a dialog
/// open inside the window (`GtkDialogHost`) would never get its Ctrl+W or Escape.
///
/// Outside a dialog, Escape goes back, as on a page of GNOME's navigation view: unless a
/// control on the page takes Escape first (a search entry clears its text, a popover or a
/// menu closes: the window's shortcut comes last) or the shown page turns it off
/// (`PageView.escapeGoesBack`). The leave guards are asked with the reason `back`.
///
/// `navigation.back` tells the router of the followed host (`follow(_:)`, `BackNavigable.backRouter`)
/// that the user asked to go back: the main window follows the welcome page's host or the
/// `GtkTabHost` (whose router is the selected tab's); a dialog follows its `GtkDialogHost`.
/// The router (`NavigationHostDelegate.hostDidRequestBack`) pops the top page, never the root —
/// so its `onDismissed` runs exactly once, as for any other way a page leaves.
/// `navigation.cancel` and `navigation.close` tell it the user asked to close
/// (`hostDidRequestDismiss`, with the reason `cancel` or `close`): a `ModalRouter` closes its
/// dialog. Each of these asks the leave guards of the pages that would leave (see
/// `LeaveDecision`); if one keeps its page, nothing changes and the dialog stays open.
///
/// `navigation.forward` brings back the next page the router keeps for Forward
/// (`NavigationHostDelegate.hostDidRequestForward()`; a router keeps them only with
/// `PageRouter.forwardLimit` above 0), and is disabled while there is none.
/// `navigation.back` is disabled, and the Back button hidden, while the followed host has no
/// page to go back to; the button also hides while the host shows Back buttons of its own
/// (`BackNavigable.providesBackButtons`: a split view's sides). The Back button's name is
/// `NavigationLabels.back`; its tooltip and accessible description are the title of the page it
/// goes back to. The window title follows the shown page's title, so the header bar
/// (where it shows the title), a screen reader and a test all know where the user is.
@MainActor
public final class BackNavigation {
    /// The Back button: pack it at the start of the header bar.
    public let backButton: Button
    /// The Cancel button, for a dialog (`closes: true`): pack it at the end of the header bar.
    public let cancelButton: Button?
    /// `navigation.back`.
    package let backAction: Action
    /// `navigation.forward`.
    package let forwardAction: Action
    /// `navigation.cancel`, for a dialog.
    package let cancelAction: Action?
    /// `navigation.close`.
    package let closeAction: Action?
    private weak var window: Window?
    private weak var source: (any BackNavigable)?
    private let labels: NavigationLabels
    /// The title Back's tooltip and description name now (`nil`: none to go back to).
    private var backTarget: String?

    /// Back (and, with `closes`, Cancel, Escape, Ctrl+W and the close button) for `window`.
    ///
    /// While a dialog or an alert is open in the window's `ModalLayer`, the window's own Back,
    /// Forward, Escape and history do nothing: the dialog's take the keys.
    public init(window: Window, labels: NavigationLabels = NavigationLabels(), closes: Bool = false) {
        self.window = window
        self.labels = labels
        isDialog = closes
        backButton = Button(iconName: "go-previous-symbolic", accessibleLabel: labels.back)
        cancelButton = closes ? Button(label: labels.cancel) : nil
        closeButton = nil
        let made = Self.bind(on: window, closes: closes, target: target)
        (backAction, forwardAction, cancelAction, closeAction) = made
        target.navigation = self
        setUpButtons()
        if cancelButton != nil {
            window.onCloseRequest { [weak self] in
                guard let source = self?.source else { return false }  // nothing follows: let GTK close it
                source.backRouter?.hostDidRequestDismiss(.close)
                return true
            }
        }
    }

    /// Back, Cancel, Escape, Ctrl+W and a close button for a dialog that is `root`, a card
    /// inside `window`: the actions and keys are `root`'s, so they work while the focus is in
    /// it, and the title goes to `onTitleChange` rather than to the window.
    package init(dialog root: Widget, in window: Window, labels: NavigationLabels) {
        self.window = window
        self.labels = labels
        isDialog = true
        backButton = Button(iconName: "go-previous-symbolic", accessibleLabel: labels.back)
        cancelButton = Button(label: labels.cancel)
        closeButton = Button(iconName: "window-close-symbolic", accessibleLabel: labels.close)
        let made = Self.bind(on: root, closes: true, target: target)
        (backAction, forwardAction, cancelAction, closeAction) = made
        target.navigation = self
        setUpButtons()
        closeButton?.setAction(NavigationAction.close)
    }

    private let target = Target()
    private let isDialog: Bool
    /// A dialog card's close button (the window's own is in its header bar).
    package let closeButton: Button?
    /// Called with the shown page's title, for a dialog card (a window's title is set instead).
    package var onTitleChange: (@MainActor (String) -> Void)?

    /// The actions behind Back, Forward, Cancel and close, on `root` (a window, or a dialog
    /// card), and every key and mouse button bound to them there.
    private static func bind(
        on root: Widget, closes: Bool, target: Target
    ) -> (Action, Action, Action?, Action?) {
        // The actions capture a box, not self: self is not fully initialised yet.
        var actions: [(action: ActionName, handler: @MainActor () -> Void)] = [
            (NavigationAction.back, { target.navigation?.goBack() }),
            (NavigationAction.forward, { target.navigation?.goForward() }),
        ]
        if closes {
            actions.append((NavigationAction.cancel, { target.navigation?.dismiss(.cancel) }))
            actions.append((NavigationAction.close, { target.navigation?.dismiss(.close) }))
        } else {
            actions.append((NavigationAction.cancel, { target.navigation?.escape() }))
            // As the close button: the app's "close-request" handler decides (asks its pages).
            // While a dialog or an alert is open in the window, it closes that instead (a
            // focus that went nowhere inside it leaves Ctrl+W to the window).
            actions.append(
                (
                    NavigationAction.close,
                    {
                        guard let window = target.navigation?.window else { return }
                        if ModalLayer.of(window)?.closeTopCard() != true { window.close() }
                    }
                ))
        }
        let backTo: [(action: ActionName, handler: @MainActor (String) -> Void)] = [
            (NavigationAction.backTo, { name in target.navigation?.goBack(toPageNamed: name) }),
            (NavigationAction.forwardTo, { name in target.navigation?.goForward(toPageNamed: name) }),
        ]
        let made = root.insertActions(actions, taking: backTo)
        for (action, _) in actions {
            // The keys follow the arrows: in a right-to-left layout Back points right (as
            // GNOME's own navigation has it), and Forward left.
            let arrows = [NavigationAction.back: "<Alt>Right", NavigationAction.forward: "<Alt>Left"]
            guard root.isRightToLeft, let mirrored = arrows[action] else {
                root.addShortcut(for: action)
                continue
            }
            root.addShortcut(for: ActionName(group: action.group, name: action.name, accelerator: mirrored))
        }
        root.onMouseButton(8) { [weak back = made[NavigationAction.back]] in back?.activate() }
        root.onMouseButton(9) { [weak forward = made[NavigationAction.forward]] in forward?.activate() }
        return (
            made[NavigationAction.back]!, made[NavigationAction.forward]!, made[NavigationAction.cancel],
            made[NavigationAction.close]
        )
    }

    private func setUpButtons() {
        backButton.isVisible = false
        backButton.setAction(NavigationAction.back)
        backButton.onContextRequest { [target] x, y in target.navigation?.showHistory(x: x, y: y) }
        cancelButton?.setAction(NavigationAction.cancel)
    }

    /// Whether a dialog or an alert open in this window's layer has the keys: the window's own
    /// navigation waits.
    private var isBlocked: Bool { !isDialog && ModalLayer.of(window)?.isBlocking == true }

    /// Follows `source` from now on (and stops following the previous one).
    public func follow(_ source: any BackNavigable) {
        self.source?.onChange = nil
        self.source = source
        source.onChange = { [weak self] in self?.update() }
        update()
    }

    /// Back: asks the followed host to go back (nothing happens on a root page).
    public func goBack() {
        guard !isBlocked, let source, source.canGoBack else { return }
        source.backRouter?.hostDidRequestBack()
    }

    /// Back to the page `id` of the followed host's history, in one step: the pages above it
    /// leave, each asked once (reason `back`).
    public func goBack(to id: PageID) {
        guard !isBlocked, let source, source.backHistory.contains(where: { $0.id == id }) else { return }
        source.backRouter?.hostDidRequestBack(to: id)
    }

    private func goBack(toPageNamed name: String) {
        guard let page = source?.backHistory.first(where: { $0.id.description == name }) else { return }
        goBack(to: page.id)
    }

    /// Forward: asks the followed host's router to bring back the next page it keeps for
    /// Forward (nothing happens when there is none).
    public func goForward() {
        guard !isBlocked, let source, !source.forwardHistory.isEmpty else { return }
        source.backRouter?.hostDidRequestForward()
    }

    /// Forward to the page `id` of the followed host's forward history, in one step: it comes
    /// back with the pages before it.
    public func goForward(to id: PageID) {
        guard !isBlocked, let source, source.forwardHistory.contains(where: { $0.id == id }) else { return }
        source.backRouter?.hostDidRequestForward(to: id)
    }

    private func goForward(toPageNamed name: String) {
        guard let page = source?.forwardHistory.first(where: { $0.id.description == name }) else { return }
        goForward(to: page.id)
    }

    /// The menu of Back's history the Back button opened last, while it is open (a right
    /// click, a long press, Shift+F10 or the Menu key on the button): the pages below the shown
    /// one, newest first, by title; choosing one goes back to it (`goBack(to:)`). Below a
    /// separator, the pages ahead, the next first; choosing one brings it back (`goForward(to:)`).
    public var historyMenu: ContextMenu? { lastHistoryMenu.flatMap { $0.isOpen ? $0 : nil } }
    private var lastHistoryMenu: ContextMenu?

    /// Opens Back's history on the Back button, at (`x`, `y`) in its coordinates; nothing on a
    /// root page.
    public func showHistory(x: Double, y: Double) {
        guard !isBlocked, let source, source.canGoBack, backButton.isVisible else { return }
        lastHistoryMenu?.close()
        lastHistoryMenu = ContextMenu.openBackHistory(
            on: backButton, named: labels.back, pages: source.backHistory, ahead: source.forwardHistory, x: x, y: y)
    }

    /// Escape outside a dialog: Back, unless the shown page turns it off
    /// (`BackNavigable.escapeGoesBack`).
    public func escape() {
        guard !isBlocked, let source, source.escapeGoesBack else { return }
        goBack()
    }

    /// Cancel (`cancel`) or the close button (`close`): asks the followed host's router to
    /// dismiss (a dialog closes).
    public func dismiss(_ reason: LeaveReason = .cancel) { source?.backRouter?.hostDidRequestDismiss(reason) }

    private func update() {
        let canGoBack = source?.canGoBack ?? false
        backButton.isVisible = canGoBack && source?.providesBackButtons != true
        backAction.isEnabled = canGoBack
        forwardAction.isEnabled = source?.forwardHistory.isEmpty == false
        if let title = source?.title {
            if let onTitleChange { onTitleChange(title) } else { window?.title = title }
        }
        // Back says where it goes, as libadwaita's does: its name stays "Back", its tooltip
        // and its accessible description are the title of the page it returns to.
        let target = canGoBack ? source?.backHistory.first?.title : nil
        if target != backTarget {
            backTarget = target
            backButton.tooltip = target ?? labels.back
            backButton.setAccessibleDescription(target ?? "")
        }
    }

    private final class Target {
        weak var navigation: BackNavigation?
    }
}

extension ContextMenu {
    /// Back's history on `button`, opened at (`x`, `y`): `pages` (newest first) by title, each
    /// activating `navigation.back-to` with its page's id, then below a separator the pages
    /// `ahead` (the next first), each activating `navigation.forward-to`; `nil` when there are
    /// none.
    static func openBackHistory(
        on button: Button, named name: String, pages: [(id: PageID, title: String)],
        ahead: [(id: PageID, title: String)] = [], x: Double, y: Double
    ) -> ContextMenu? {
        guard !pages.isEmpty else { return nil }
        let menu = ContextMenu(
            on: button,
            sections: [
                pages.map { (title: $0.title, action: NavigationAction.backTo, target: $0.id.description) },
                ahead.map { (title: $0.title, action: NavigationAction.forwardTo, target: $0.id.description) },
            ])
        menu.accessibleLabel = name
        menu.open(x: x, y: y)
        return menu
    }
}
