/// Why a link could not be opened. The description names the problem and lists the valid forms.
public struct DeepLinkError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, e.g. `no pet called "rexx"`.
    public let problem: String
    /// The link as given.
    public let link: String
    /// For a well-formed link naming a pet that does not exist: the name it gave.
    public let missingPet: String?

    /// An error: `problem` with `link`.
    public init(problem: String, link: String, missingPet: String? = nil) {
        self.problem = problem
        self.link = link
        self.missingPet = missingPet
    }

    /// The problem and the link (their control characters escaped, cut to 300 and 200
    /// characters), and every valid form: what the command line prints.
    public var description: String {
        L(
            "cannot open {link}: {problem}\nvalid links:\n{forms}",
            [
                "link": link.escapingControls.excerpt(200), "problem": problem.escapingControls.excerpt(300),
                "forms": DeepLink.forms.map { "  \($0)" }.joined(separator: "\n"),
            ])
    }
}
