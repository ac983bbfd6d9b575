/// How many links of one batch — one command line, one D-Bus `Open` (a file manager, a
/// browser, `gapplication launch`) — RayPets opens: a few, as a person would ask for. Opening
/// 2,000 windows or walking 2,000 pages in a row is never what the user wants, and it would hold
/// the window for minutes.
public enum LinkBatch {
    /// The most links one batch opens: the first five. The others are not opened; one notice
    /// says how many.
    public static let maxOpened = 5

    /// The notice for a batch of which `ignored` links were not opened.
    public static func notice(ignored: Int) -> String {
        Ln(
            "{count} more link was not opened: RayPets opens at most {max} links at once.",
            "{count} more links were not opened: RayPets opens at most {max} links at once.", count: ignored,
            ["max": String(maxOpened)])
    }
}

extension AppCoordinator {
    /// Opens a batch of link texts (`LinkBatch`): the first ``LinkBatch/maxOpened``, one after
    /// another, each as `open(uri:)` does (where the window rule says), awaiting `nextTurn`
    /// before each one but the first — the app passes a turn of the main loop, so a key press,
    /// a click or a frame comes between two links and the window never stops answering. The
    /// other links are not opened: once the first are, one notice in the window the user used
    /// last says how many. Returns, for each link opened, whether its page was reached.
    @discardableResult
    public func open(batch uris: [String], nextTurn: @MainActor () async -> Void) async -> [Bool] {
        var reached: [Bool] = []
        for uri in uris.prefix(LinkBatch.maxOpened) {
            if !reached.isEmpty { await nextTurn() }
            reached.append(await open(uri: uri))
        }
        let ignored = uris.count - reached.count
        if ignored > 0 { windows.focused?.services.feedback.showNotice(LinkBatch.notice(ignored: ignored)) }
        return reached
    }
}
