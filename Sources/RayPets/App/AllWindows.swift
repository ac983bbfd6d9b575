import Navigation

/// What a flow in one window may ask of all of them (`ClinicServices.windows`).
@MainActor
public protocol AllWindows: AnyObject {
    /// Before `pet` is deleted: its pages with unsaved work, in every window, ask first.
    /// Whether the delete may go ahead.
    func mayDelete(_ pet: Pet.ID) async -> Bool
    /// Whether a delete of `pet` is waiting for another window's answer.
    func isDeleting(_ pet: Pet.ID) -> Bool
    /// Where a toast about what the window whose feedback is `feedback` did shows: there if
    /// it is still open, else in a window that remains; `nil` when none is open.
    func feedback(preferring feedback: any Feedback) -> (any Feedback)?
    /// Opens a new window on `pet`'s page.
    func openInNewWindow(pet: Pet.ID)
    /// Opens the link text `uri` where the window rule says (`window=new`: a new window).
    /// Whether its page was reached.
    @discardableResult
    func open(uri: String) async -> Bool
}
