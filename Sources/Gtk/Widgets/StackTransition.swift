import CGtk

/// The animation a `Stack` plays when its visible child changes.
public enum StackTransition: Sendable {
    /// The new child appears at once.
    case none
    /// The new child slides in from the end (forwards).
    case slideLeft
    /// The new child slides in from the start (backwards).
    case slideRight
    /// The old child fades out as the new one fades in.
    case crossfade

    var gtk: GtkStackTransitionType {
        switch self {
        case .none: GTK_STACK_TRANSITION_TYPE_NONE
        case .crossfade: GTK_STACK_TRANSITION_TYPE_CROSSFADE
        case .slideLeft: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT
        case .slideRight: GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT
        }
    }
}
