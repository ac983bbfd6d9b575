import Gtk
import Navigation

/// One GTK host's leak check, in debug builds: what its pages brought — their models, what
/// was registered with them, their views and the views' widgets — must be gone once the
/// pages have left and the host has settled (its slides done, its views freed and the main
/// loop idle). Pages leave when the router removes them, when the host's window is destroyed
/// and when the host itself goes away. `GtkLeakCheck` runs the checks and reports what is
/// still alive (see there).
///
/// In release builds it does nothing and costs nothing.
@MainActor
final class LeakWarnings<Route: NavigationRoute> {
    #if DEBUG
        private let departures = PageDepartures<Route>()
        /// The pages whose view (and its widget) is registered, and which view (held weakly).
        private var withView: [PageID: RegisteredView] = [:]
        private struct RegisteredView { weak var view: AnyObject? }
    #endif
    private let isSettled: @MainActor () -> Bool

    /// Checks once `isSettled` says the host's transitions are done.
    init(isSettled: @escaping @MainActor () -> Bool) {
        self.isSettled = isSettled
    }

    #if DEBUG
        // The pages still shown go with the host: checked once it has gone.
        isolated deinit { closed() }
    #endif

    /// The host shows `pages` now, with the views `view` returns, and the router keeps
    /// `forward` for Forward: pages in neither have left.
    func shown(_ pages: [Page<Route>], forward: [Page<Route>] = [], views view: (PageID) -> (any PageView)?) {
        #if DEBUG
            departures.shown(pages, forward: forward)
            for page in pages {
                // A page Forward brought back has the view it had, or (its dialog closed
                // meanwhile) a new one: each view is registered once.
                guard let pageView = view(page.id), withView[page.id]?.view !== pageView else { continue }
                withView[page.id] = RegisteredView(view: pageView)
                departures.register(pageView, broughtBy: page.id)
                departures.register(WidgetProbe(pageView), broughtBy: page.id)
            }
            if withView.count > pages.count + forward.count {
                let kept = Set(pages.map { $0.id } + forward.map { $0.id })
                withView = withView.filter { kept.contains($0.key) }
            }
            if departures.hasDepartures { schedule() }
        #endif
    }

    /// The host shows nothing any more, without its router saying so (its window was
    /// destroyed): every page it showed has left.
    func closed() {
        #if DEBUG
            departures.closed()
            withView = [:]
            if departures.hasDepartures { schedule() }
        #endif
    }

    /// `object` came with the page `id`.
    func register(_ object: AnyObject, broughtBy id: PageID) {
        #if DEBUG
            departures.register(object, broughtBy: id)
        #endif
    }

    #if DEBUG
        private func schedule() {
            let departures = departures
            GtkLeakCheck.schedule(departures, survivors: { departures.survivors() }, isSettled: isSettled)
        }
    #endif
}

#if DEBUG
    /// A page view's widget, watched through GObject (Swift cannot hold it weakly): a leak
    /// while it is alive outside any window.
    @MainActor
    private final class WidgetProbe: LeakProbe {
        private let watch: FinalizationWatch
        private let viewName: String

        init(_ view: any PageView) {
            watch = FinalizationWatch(view.widget)
            viewName = "\(type(of: view))"
        }

        var aliveName: String? { watch.isAliveOutsideAnyWindow ? "\(viewName)'s widget \(watch.typeName)" : nil }
    }
#endif
