/// How a request to close a window ended (`WindowGroup.requestClose(_:)`).
public enum WindowClosing: Sendable, Equatable {
    /// It was the last window: the app quits. Nothing was asked and nothing left its stacks,
    /// so the app can save every page and draft as they are.
    case quit
    /// Every page agreed to leave and has left (its flows ended): destroy the window.
    case closed
    /// A page with unsaved work was kept (*Keep editing*): the window stays. The pages asked
    /// before it that agreed have left.
    case kept
}
