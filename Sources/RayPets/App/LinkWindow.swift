import Navigation

/// The rule for which window a link opens in: the one the user used last, unless the link's
/// query asks for a new one with `window=new` (`raypets://clinic/pets/Rex?window=new`).
public enum LinkWindow {
    /// `uri` without its `window=new` query item, and whether it had one.
    public static func split(_ uri: String) -> (link: String, newWindow: Bool) {
        guard let question = uri.firstIndex(of: "?") else { return (uri, false) }
        let items = uri[uri.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
        let others = items.filter { $0 != "window=new" }
        guard others.count < items.count else { return (uri, false) }
        let base = String(uri[..<question])
        return (others.isEmpty ? base : base + "?" + others.joined(separator: "&"), true)
    }
}
