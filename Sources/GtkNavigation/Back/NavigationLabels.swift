/// The words the navigation chrome shows or speaks. Pass translated ones; the defaults
/// are English.
public struct NavigationLabels: Sendable {
    /// The Back button's accessible name and tooltip.
    public var back: String
    /// The dialog's Cancel button.
    public var cancel: String
    /// A split view's sidebar Back: its accessible name and tooltip, where `{page}` stands
    /// for the title of the page it returns to ("Back to {page}").
    public var backTo: String
    /// A dialog's close button: its accessible name and tooltip ("Close").
    public var close = "Close"

    /// Labels with these words.
    public init(back: String = "Back", cancel: String = "Cancel") {
        self.init(back: back, cancel: cancel, backTo: "Back to {page}")
    }

    /// Labels with these words, `backTo` with a `{page}` placeholder.
    public init(back: String, cancel: String, backTo: String) {
        self.back = back
        self.cancel = cancel
        self.backTo = backTo
    }

    /// `backTo` for the page titled `title`.
    public func back(to title: String) -> String {
        // By hand: the packaged build does not import the string-processing module.
        let marker = "{page}"
        var result = ""
        var index = backTo.startIndex
        while index < backTo.endIndex {
            if backTo[index...].hasPrefix(marker) {
                result += title
                index = backTo.index(index, offsetBy: marker.count)
            } else {
                result.append(backTo[index])
                index = backTo.index(after: index)
            }
        }
        return result
    }
}
