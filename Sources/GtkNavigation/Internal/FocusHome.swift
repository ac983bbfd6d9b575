import Gtk
import Navigation

/// Focus comes home, for one host: when pages are added, the control that had the keyboard
/// focus (the button or row that opened them) is remembered with the page it is on; when that
/// page is shown again because the pages above it left, it gets the focus back
/// (`PageView.focusOnReturn(opener:)`). A page that Back took into forward history keeps the
/// control that had the focus on it, with its cursor and selection, and gets it back when
/// Forward brings the page back.
@MainActor
final class FocusHome {
    private var shown: [PageID] = []
    /// For a page covered by the pages above it: the control that had the focus as they opened.
    private var openers: [PageID: SavedFocus] = [:]
    /// For a page kept for Forward: the control that had the focus on it as it left.
    private var kept: [PageID: SavedFocus] = [:]
    /// The focused control as the host began to show its new pages.
    private var focusBefore: SavedFocus?

    /// Before a host shows `ids`: if pages are added, remembers the focused control of
    /// `window` (inside `host`) as the opener of the page it is on (`view(id)`'s).
    /// A top page that leaves into `forward` keeps its focused control for Forward.
    func willShow(
        _ ids: [PageID], forward: [PageID] = [], in window: Window?, host: Widget,
        view: (PageID) -> (any PageView)?
    ) {
        if let window { focusBefore = SavedFocus(of: window) } else { focusBefore = nil }
        if let top = shown.last, !ids.contains(top), forward.contains(top), let focus = focusBefore,
            let page = view(top), focus.isInside(page.widget)
        {
            kept[top] = focus
        }
        if !kept.isEmpty { kept = kept.filter { forward.contains($0.key) || ids.contains($0.key) } }
        guard ids.count > shown.count, ids.starts(with: shown), let focus = focusBefore, focus.isInside(host),
            let owner = shown.last(where: { view($0).map { focus.isInside($0.widget) } ?? false })
        else { return }
        openers[owner] = focus
    }

    /// Whether the page `id`, coming back on top, gets its kept control back (`didShow`): the
    /// host then gives it no focus of its own first (a field's caret put at its end, then the
    /// kept selection, in one millisecond, is two claims of X11's PRIMARY selection, and GTK
    /// can take the first's late notice for another program's claim and drop the selection).
    func restoresFocus(of id: PageID) -> Bool { kept[id] != nil }

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
        // Forward brought a kept page back on top: its control, cursor and selection as they were.
        if let top = ids.last, top != before.last, let saved = kept.removeValue(forKey: top),
            let page = view(top), saved.isInside(page.widget)
        {
            _ = saved.restore()  // the caret too
            return
        }
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
