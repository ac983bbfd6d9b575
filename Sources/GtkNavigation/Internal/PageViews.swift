import Gtk
import Navigation

/// A GtkStack that mirrors a router's stack of pages.
///
/// `show(_:transition:)` creates views for new pages, slides to the top page (left on push,
/// right on pop), and removes the views of pages that left once the slide has finished —
/// so the page sliding out stays visible during the animation, and is freed after it. The
/// views of pages kept for Forward (`kept`) stay in the stack, hidden, until they are dropped.
@MainActor
final class PageViews<Route: NavigationRoute> {
    let stack = Stack()
    private let makeView: PageViewFactory<Route>
    /// The style class of each page's widget: `GtkTestDriver.accessibilityFindings()` knows a
    /// page by it.
    static var pageClass: String { "navigation-page" }
    private var views: [PageID: any PageView] = [:]
    private var titles: [PageID: String] = [:]
    /// The pages whose own widget is named with their title (`nameIfFocused`).
    private var namedViews: Set<PageID> = []
    /// Each view's name in the GtkStack (`PageID.description`), made once when it is added.
    private var names: [PageID: String] = [:]
    private var shownTop: PageID?
    private var current: Set<PageID> = []
    /// The pages the router keeps for Forward: their views stay, hidden, as the user left them
    /// (what they typed, the caret, the scrolling), until they are dropped.
    var kept: Set<PageID> = []
    /// Called with each view right after it is created (tests watch their widgets).
    var onViewCreated: (@MainActor (any PageView) -> Void)?

    init(makeView: @escaping PageViewFactory<Route>) {
        self.makeView = makeView
        stack.setExpand(horizontal: true, vertical: true)
        // The shown page's size counts, not the largest page's: the window can shrink to
        // whatever the user is looking at (a phone-sized window).
        stack.isHomogeneous = false
        stack.onNotify("transition-running") { [weak self] in
            guard let self, !self.stack.isTransitionRunning else { return }
            self.removeLeavingViews()
        }
    }

    /// The shown page's view.
    var shownView: (any PageView)? {
        guard let name = stack.visibleChildName else { return nil }
        return names.first(where: { $0.value == name }).flatMap { views[$0.key] }
    }

    /// Gives the keyboard focus to the shown page's main control.
    func focusShownPage() {
        _ = shownView?.focusInitially()
    }

    /// Number of page views alive (shown, or sliding out).
    var viewCount: Int { views.count }

    /// Makes the stack match `pages`. With `takesFocus` `.take`, a page that comes to the top gets
    /// the keyboard focus (and the old top gives it up); with `.leave`, the focus stays where it
    /// is (a split's other side has it); with `.leaveUnlessAsked`, it stays unless the new top
    /// page's view asks for it (`PageView.takesFocusFromSidebar`).
    func show(_ pages: [Page<Route>], transition: NavigationTransition, takesFocus: PageFocus = .take) {
        // A closure, not a key path: a key path into a generic type is built at run time on
        // every call (measured: about 10,000 instructions per show).
        current = Set(pages.map { $0.id })
        for page in pages {
            guard views[page.id] != nil else {
                let view = makeView(page)
                titles[page.id] = page.title
                views[page.id] = view
                add(view, of: page)
                onViewCreated?(view)
                continue
            }
            // A page's title can change (its model was renamed): keep the page's name true.
            if titles[page.id] != page.title {
                titles[page.id] = page.title
                stack.setTitle(page.title, of: name(of: page.id))
                if namedViews.contains(page.id) { views[page.id]?.widget.setAccessibleLabel(page.title) }
            }
        }
        if let top = pages.last, let view = views[top.id] {
            // The same page staying on top (a refresh) keeps the focus where the user has it.
            let isNewTop = shownTop != top.id
            let takesFocus =
                takesFocus == .take || (takesFocus == .leaveUnlessAsked && isNewTop && view.takesFocusFromSidebar)
            // The old page gives the focus up before the switch: a GtkStack whose shown page
            // holds the focus looks for a place for it in the new page itself (a Tab search),
            // which the page's own focus then replaces (measured: +3.2% of the instructions
            // of a push and pop outside the main loop).
            if isNewTop && takesFocus, let old = shownTop { views[old]?.widget.giveUpFocus() }
            shownTop = top.id
            stack.setVisibleChild(name: name(of: top.id), transition: transition.stackTransition)
            // A view whose main control is gone (or that names none) still gets the focus,
            // so it never stays on a page that is leaving.
            if isNewTop && takesFocus {
                Self.focus(view)
                nameIfFocused(view, id: top.id, title: top.title)
            }
        } else {
            shownTop = nil
        }
        // A slide only runs when the stack is on screen; otherwise tidy up at once.
        if !stack.isTransitionRunning { removeLeavingViews() }
    }

    /// Gives the keyboard focus to `view`'s main control, else to its first control.
    static func focus(_ view: any PageView) {
        if !view.focusInitially() { view.widget.focusFirstChild() }
    }

    /// The view of the page `id`, if this stack has it.
    func view(for id: PageID) -> (any PageView)? { views[id] }

    /// Takes the view of the page `id` out of the stack at once (no animation), to show it in
    /// another stack; `nil` if this stack does not have it.
    func detach(_ id: PageID) -> (any PageView)? {
        guard let view = views.removeValue(forKey: id) else { return nil }
        titles[id] = nil
        namedViews.remove(id)
        current.remove(id)
        if shownTop == id { shownTop = nil }
        stack.remove(name: name(of: id))
        names[id] = nil
        return view
    }

    /// Adds `view`, made for `page` elsewhere (`detach(_:)`), to the stack; `show` then treats
    /// it as its own.
    func adopt(_ view: any PageView, for page: Page<Route>) {
        views[page.id] = view
        titles[page.id] = page.title
        add(view, of: page)
    }

    /// A page whose own widget took the focus (a page with no control focuses its scrolled
    /// window, so the arrow keys scroll it) names that widget with its title too: the focus
    /// must be on something named, and a screen reader says the focused widget's name (the
    /// stack page's, the same, it then passes over). Only then: see `add(_:of:)`.
    private func nameIfFocused(_ view: any PageView, id: PageID, title: String) {
        guard view.widget.hasFocus, view.widget.hasGroupRole, !namedViews.contains(id) else { return }
        namedViews.insert(id)
        view.widget.setAccessibleLabel(title)
    }

    /// Adds `view` to the stack as `page`, titled with the page's title. The stack page's title
    /// is the page's accessible name (GTK labels a stack page with it): when the focus enters
    /// the page, a screen reader says it ("Clinic info panel."). The view's own widget does
    /// not repeat it: Orca takes a container whose one child has its name for layout and says
    /// neither (tried with Orca 43: a dialog's new page was not announced while both had it).
    private func add(_ view: any PageView, of page: Page<Route>) {
        view.widget.addCSSClass(Self.pageClass)
        stack.add(view.widget, name: name(of: page.id), title: page.title)
    }

    /// The name of the page `id`'s view in the GtkStack.
    private func name(of id: PageID) -> String {
        if let name = names[id] { return name }
        let name = id.description
        names[id] = name
        return name
    }

    private func removeLeavingViews() {
        for id in views.keys where !current.contains(id) && !kept.contains(id) {
            views[id]?.widget.giveUpFocus()
            stack.remove(name: name(of: id))
            views[id] = nil
            titles[id] = nil
            namedViews.remove(id)
            names[id] = nil
        }
    }
}

/// Whether a stack's new top page takes the keyboard focus (`PageViews.show`).
enum PageFocus {
    case take, leave, leaveUnlessAsked
}

extension NavigationTransition {
    var stackTransition: StackTransition {
        switch self {
        case .push: .slideLeft
        case .pop: .slideRight
        case .none: .none
        }
    }
}
