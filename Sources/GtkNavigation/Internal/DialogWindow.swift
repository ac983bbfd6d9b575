import Gtk
import Navigation

/// The widgets of one open dialog of a `GtkDialogHost`: a modal window destroyed with its
/// parent, a header bar with its `BackNavigation`'s Back and Cancel buttons and the window's
/// close button, and the page stack.
@MainActor
final class DialogWindow<Route: NavigationRoute> {
    let window = Window.dialog()
    let header = HeaderBar()
    let navigation: BackNavigation
    let pages: PageViews<Route>
    let swipe: SwipeBack
    let focusHome = FocusHome()
    /// The title in the header bar. GTK's own keeps five characters however narrow the window
    /// ("Visit…"): with Back, Cancel and the close button at 200 % text, that made the dialog
    /// 8 px wider than a 360 px screen. This one ends in "…" as soon as it must.
    private let titleLabel = Label()

    init(makeView: @escaping PageViewFactory<Route>, labels: NavigationLabels, size: (width: Int32, height: Int32)?) {
        navigation = BackNavigation(window: window, labels: labels, closes: true)
        pages = PageViews(makeView: makeView)
        swipe = SwipeBack(content: pages.stack)
        window.isModal = true
        window.destroysWithParent = true
        if let size { window.setDefaultSize(width: size.width, height: size.height) }
        window.addCSSClass(GtkDialogHost<Route>.dialogCSSClass)
        header.packStart(navigation.backButton)
        if let cancel = navigation.cancelButton { header.packEnd(cancel) }
        header.showsTitleButtons = true
        titleLabel.addCSSClass("title")
        titleLabel.ellipsizeEnd()
        header.titleWidget = titleLabel
        window.onNotify("title") { [weak window, titleLabel] in titleLabel.text = window?.title ?? "" }
        window.titlebar = header
        window.child = swipe.root
    }
}
