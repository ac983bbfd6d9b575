/// Every window's saved state, in the order they were opened, and which one had the focus:
/// the one value an app with many windows saves on quit and restores on start. `focused` is
/// always an index of `windows`, or `0` when there are none.
public struct WindowsSnapshot<State> {
    /// Each window's state.
    public let windows: [State]
    /// The index in `windows` of the window the user used last (`0` if there is none).
    public let focused: Int

    /// A snapshot of `windows`; a `focused` outside their indices becomes `0`.
    public init(windows: [State], focused: Int = 0) {
        self.windows = windows
        self.focused = windows.indices.contains(focused) ? focused : 0
    }

    /// The same snapshot with each window's state changed by `transform`; the windows it
    /// returns `nil` for are left out (a state that no longer makes sense), and the focus
    /// follows its window (or goes to the first). It may leave no window at all.
    public func compactMap<Other>(_ transform: (State) throws -> Other?) rethrows -> WindowsSnapshot<Other> {
        var kept: [Other] = []
        var newFocus = 0
        for (index, state) in windows.enumerated() {
            guard let other = try transform(state) else { continue }
            if index == focused { newFocus = kept.count }
            kept.append(other)
        }
        return WindowsSnapshot<Other>(windows: kept, focused: newFocus)
    }
}

extension WindowsSnapshot: Sendable where State: Sendable {}

extension WindowsSnapshot: Equatable where State: Equatable {}

extension WindowsSnapshot: Encodable where State: Encodable {
    /// Encodes the windows and the focused index.
    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: SnapshotKeys.self)
        try values.encode(windows, forKey: .windows)
        try values.encode(focused, forKey: .focused)
    }
}

/// The keys of a `WindowsSnapshot` in a keyed archive.
private enum SnapshotKeys: String, CodingKey { case windows, focused }

extension WindowsSnapshot: Decodable where State: Decodable {
    /// Decodes a snapshot, keeping `focused` an index of `windows` as `init(windows:focused:)`
    /// does.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: SnapshotKeys.self)
        self.init(
            windows: try values.decode([State].self, forKey: .windows),
            focused: try values.decodeIfPresent(Int.self, forKey: .focused) ?? 0)
    }
}
