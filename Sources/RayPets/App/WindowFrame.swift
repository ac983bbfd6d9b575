/// A window's size and whether it is maximized: saved with the navigation state, so the
/// window comes back as it was closed. A new user's first window opens at the app's default.
public struct WindowFrame: Equatable, Codable, Sendable {
    /// The largest width or height kept, in pixels (a bigger number in a state file is not a size).
    public static let maximumSide = 32_767
    /// The width it opens at, in pixels.
    public var width: Int
    /// The height it opens at, in pixels.
    public var height: Int
    /// Whether it is maximized (it opens maximized; unmaximized, it has `width` × `height`).
    public var isMaximized: Bool

    /// A frame; `nil` unless both sides are in `1...maximumSide`.
    public init?(width: Int, height: Int, isMaximized: Bool) {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else { return nil }
        self.width = width
        self.height = height
        self.isMaximized = isMaximized
    }

    private enum CodingKeys: String, CodingKey { case width, height, isMaximized }

    /// Decodes a frame, refusing sides outside `1...maximumSide` as `init(width:height:isMaximized:)` does.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        let maximized = try values.decode(Bool.self, forKey: .isMaximized)
        guard
            let frame = WindowFrame(
                width: try values.decode(Int.self, forKey: .width),
                height: try values.decode(Int.self, forKey: .height),
                isMaximized: maximized)
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .width, in: values, debugDescription: "a side outside 1...\(Self.maximumSide)")
        }
        self = frame
    }
}
