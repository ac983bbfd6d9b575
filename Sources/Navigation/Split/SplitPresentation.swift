/// What a split host shows for a stack.
@MainActor
public enum SplitPresentation<Route: NavigationRoute>: Equatable {
    /// One sliding stack, as without a split (a narrow window, or no sidebar page on the
    /// stack): the top page fills the window, and Back pops it.
    case single([Page<Route>])
    /// A sidebar page beside its content.
    case split(SplitPanes<Route>)

    /// The pages shown in one stack, or `nil` when split.
    public var single: [Page<Route>]? {
        if case .single(let pages) = self { pages } else { nil }
    }

    /// The two panes, or `nil` when shown as one stack.
    public var panes: SplitPanes<Route>? {
        if case .split(let panes) = self { panes } else { nil }
    }
}
