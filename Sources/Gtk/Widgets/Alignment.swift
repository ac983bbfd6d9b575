import CGtk

/// Where a widget sits inside the space it is given.
public enum Alignment: Sendable {
    /// Fill the space given.
    case fill
    /// At the start (left, or top).
    case start
    /// At the end (right, or bottom).
    case end
    /// In the middle, at its natural size.
    case center

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        }
    }
}
