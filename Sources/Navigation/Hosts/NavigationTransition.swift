/// How a host should animate a change of its stack.
public enum NavigationTransition: Sendable, Equatable {
    /// A page was added on top: slide the new page in from the end.
    case push
    /// Pages were removed from the top: slide back towards the start.
    case pop
    /// No animation (first page, `animated: false`, closing).
    case none
}
