import Gtk
import GtkNavigation
import Navigation
import RayPets

/// The main window: a header bar (Back, the tab switcher) over either the welcome page or
/// the tabs, plus the host for modal dialogs over it. Implements `AppWindow` for the
/// `WindowCoordinator`.
@MainActor
public final class MainWindow: AppWindow, Feedback {
    /// The GtkWindow.
    public let window: Window
    /// The welcome page's host (give it to a `StackRouter`).
    public let welcomeHost: GtkStackHost<AppRoute>
    /// The tabs' host (give it to a `TabRouter`).
    public let tabHost: GtkTabHost<AppTab, AppRoute>
    /// The dialog host (give it to a `ModalRouter`).
    public let dialogHost: GtkDialogHost<AppRoute>
    /// The alerts' host ("Discard changes?"; give it to a `ModalRouter`): inside this window,
    /// over the open dialog if there is one.
    public let alertHost: GtkAlertHost<AppRoute>
    /// Where the dialog and the alerts open: inside this window, over its header and pages.
    public let layer: ModalLayer
    /// Back and the window title: follows the welcome page's host or the tabs.
    public let navigation: BackNavigation
    private let header = HeaderBar()
    private let sections = Stack()
    /// A one-line notice above the pages (e.g. a link that could not be opened); hidden
    /// until there is something to say.
    public let notice = Label(message: .status)
    private var noticeGeneration = 0
    /// A notice that stays (e.g. "the records are read-only"): hidden until set.
    public let banner = Label()
    /// Toasts (Undo after a delete) over the pages.
    public let toasts: ToastOverlay
    /// What the window shows now.
    public private(set) var section: AppSection?

    /// The primary menu (New Window, Keyboard Shortcuts, About).
    public let menuButton: MenuButton

    /// A main window belonging to `application`.
    public init(application: Application?) {
        window = Window(application: application)
        window.title = L("RayPets")
        window.setDefaultSize(width: 560, height: 620)
        // One of many windows: its dialog blocks it, not the others.
        window.blocksOnlyItself()
        var labels = NavigationLabels(back: L("Back"), cancel: L("Cancel"), backTo: L("Back to {page}"))
        labels.close = L("Close")
        navigation = BackNavigation(window: window, labels: labels)
        welcomeHost = GtkStackHost(window: window, makeView: ViewFactory.makeView(for:))
        // The Clinic tab adapts: My pets beside the chosen pet on a wide window.
        let petsSplit = GtkSplitOptions(
            layout: AppRoute.splitLayout, placeholder: Self.noPetChosen(), labels: labels, sidebarWidth: 260)
        tabHost = GtkTabHost(
            window: window, tabs: AppTab.allCases.map { ($0, $0.title) }, splits: [.clinic: petsSplit],
            makeView: ViewFactory.makeView(for:))
        tabHost.switcherLabel = L("Sections")
        let content = Box(.vertical)
        // "Dismiss", not "Close": the window has that.
        toasts = ToastOverlay(child: content, closeLabel: L("Dismiss"), shortcut: AppAction.toastUndo)
        layer = ModalLayer(window: window, header: header, content: toasts)
        let dialogHost = GtkDialogHost(layer: layer, labels: labels, makeView: ViewFactory.makeView(for:))
        dialogHost.dialogSize = (420, 460)
        // Screen readers announce the appointment dialog by its flow's name; other dialogs
        // (Clinic info) by their page's title.
        dialogHost.dialogName = { first in
            switch first.route {
            case .petPicker, .visitType: L("Schedule appointment")
            default: nil
            }
        }
        self.dialogHost = dialogHost
        alertHost = GtkAlertHost(layer: layer, makeAlert: AlertFactory.makeAlert(for:))
        menuButton = MenuButton(
            iconName: "open-menu-symbolic", accessibleLabel: L("Main menu"),
            items: [
                (L("New Window"), AppAction.newWindow), (L("Keyboard Shortcuts"), AppAction.shortcuts),
                (L("About RayPets"), AppAction.about),
            ])
        sections.isHomogeneous = false  // only what shows counts for the window's size
        sections.add(welcomeHost.widget, name: "welcome")
        sections.add(tabHost.widget, name: "tabs")
        // On a phone-sized window the tab switcher moves to the bottom (the header keeps Back
        // and the menu), and the dialog and the alerts are sheets at the bottom too.
        tabHost.compactWidth = Self.phoneWidth
        layer.sheetWidth = Self.phoneWidth
        header.packStart(navigation.backButton)
        header.packEnd(menuButton)
        banner.addCSSClass("raypets-banner")
        banner.wrapCentered()
        banner.isVisible = false
        notice.addCSSClass("raypets-notice")
        notice.wrapCentered()
        notice.isVisible = false
        content.append(banner)
        content.append(notice)
        content.append(sections)
        sections.setExpand(horizontal: true, vertical: true)
    }

    /// Below this width the window is phone-sized: the tab switcher at the bottom, dialogs as
    /// bottom sheets.
    static let phoneWidth = 520

    /// What the content side shows beside My pets while no pet is chosen.
    private static func noPetChosen() -> Widget {
        let label = Label(L("Choose a pet to see its details."))
        label.wrapCentered()
        label.addCSSClass("dim-label")
        label.setAlignment(horizontal: .center, vertical: .center)
        label.setMargins(top: 24, bottom: 24, start: 24, end: 24)
        return label
    }

    /// Shows `text` above the pages for as long as the window is open (`nil` hides it).
    public func showBanner(_ text: String?) {
        banner.text = text ?? ""
        banner.isVisible = text != nil
    }

    /// Shows a toast at the bottom of the window: `text`, and `actionTitle` running `action`.
    public func showToast(_ text: String, actionTitle: String, action: @escaping @MainActor () -> Void) {
        toasts.show(text, actionTitle: actionTitle, action: action)
    }

    /// Shows `text` above the pages for a few seconds; the pages stay as they are.
    public func showNotice(_ text: String) {
        notice.text = text
        notice.isVisible = true
        notice.announce(text)
        noticeGeneration += 1
        let generation = noticeGeneration
        Task { @MainActor [weak self] in
            try? await Task.sleep(nanoseconds: 8_000_000_000)
            if let self, self.noticeGeneration == generation { self.notice.isVisible = false }
        }
    }

    /// Hides the notice if it still says `text`.
    public func withdrawNotice(_ text: String) {
        guard notice.isVisible, notice.text == text else { return }
        notice.isVisible = false
        noticeGeneration += 1
    }

    /// Shows and raises the window.
    public func present() { window.present() }

    /// The size the window would open at again, and whether it is maximized.
    public var frame: WindowFrame? {
        let size = window.defaultSize
        return WindowFrame(width: size.width, height: size.height, isMaximized: window.isMaximized)
    }

    /// Opens at `frame`'s size (unmaximized), maximized if it was.
    public func restore(_ frame: WindowFrame) {
        window.setDefaultSize(width: Int32(frame.width), height: Int32(frame.height))
        if frame.isMaximized { window.maximize() }
    }

    /// Shows the welcome page or the tabs (with the tab switcher in the header bar).
    public func show(_ section: AppSection) {
        self.section = section
        switch section {
        case .welcome:
            sections.setVisibleChild(name: "welcome", transition: .none)
            header.titleWidget = nil
            navigation.follow(welcomeHost)
        case .tabs:
            sections.setVisibleChild(name: "tabs", transition: .crossfade)
            header.titleWidget = tabHost.switcher
            navigation.follow(tabHost)
            tabHost.focusShownPage()
        }
    }
}
