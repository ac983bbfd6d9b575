import Gtk
import Navigation

/// Focus comes home, for one host: when pages are added, the control that had the keyboard
/// focus (the button or row that opened them) is remembered with the page it is on; when that
/// page is shown again because the pages above it left, it gets the focus back
/// (`PageView.focusOnReturn(opener:)`).
@MainActor
final class FocusHome {
    private var shown: [PageID] = []
    /// For a page covered by the pages above it: the control that had the focus as they opened.
    private var openers: [PageID: SavedFocus] = [:]
    /// The focused control as the host began to show its new pages.
    private var focusBefore: SavedFocus?

    /// Before a host shows `ids`: if pages are added, remembers the focused control of
    /// `window` (inside `host`) as the opener of the page it is on (`view(id)`'s).
    func willShow(
        _ ids: [PageID], in window: Window?, host: Widget, view: (PageID) -> (any PageView)?
    ) {
        if let window { focusBefore = SavedFocus(of: window) } else { focusBefore = nil }
        guard ids.count > shown.count, ids.starts(with: shown), let focus = focusBefore, focus.isInside(host),
            let owner = shown.last(where: { view($0).map { focus.isInside($0.widget) } ?? false })
        else { return }
        openers[owner] = focus
    }

    /// After the host showed `ids`: if pages left, the page `target` (the one the host gave the
    /// focus to) gets it on its opener, if it has one and the focus is on that page now.
    func didShow(
        _ ids: [PageID], target: PageID?, in window: Window?, view: (PageID) -> (any PageView)?
    ) {
        let before = shown
        shown = ids
        defer { openers = openers.filter { ids.contains($0.key) } }
        let focusBefore = self.focusBefore
        self.focusBefore = nil
        guard ids.count < before.count, before.starts(with: ids), let window, let focus = SavedFocus(of: window),
            let target, let page = view(target), focus.isInside(page.widget)
        else { return }
        // The focus did not move: the user was on that page already (beside the pages that
        // left, in a split's sidebar, where a row chosen replaces the page beside it) and stays
        // where they are.
        if let focusBefore, focusBefore.isInside(focus.widget), focus.isInside(focusBefore.widget) { return }
        let opener = openers.removeValue(forKey: target).flatMap { $0.isInside(page.widget) ? $0 : nil }
        _ = page.focusOnReturn(opener: opener?.widget)
        opener?.restoreCaret()  // a field gets its cursor and selection back, whoever focused it
    }
}
