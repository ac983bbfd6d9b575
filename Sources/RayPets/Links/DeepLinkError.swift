/// Why a link could not be opened. The description names the problem and lists the valid forms.
public struct DeepLinkError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, e.g. `no pet called "rexx"`.
    public let problem: String
    /// The link as given.
    public let link: String

    /// The problem, the link, and every valid form.
    public var description: String {
        "cannot open \(link): \(problem)\nvalid links:\n" + DeepLink.forms.map { "  \($0)" }.joined(separator: "\n")
    }
}
