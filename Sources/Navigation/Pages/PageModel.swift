/// The state and intents of one page. Views bind to it; coordinators create it.
///
/// The only thing navigation needs from it is a title, shown in the header bar (and the
/// window title) while its page is shown.
@MainActor
public protocol PageModel: AnyObject {
    /// The page's title, e.g. "Pain level".
    var title: String { get }
}
