/// A page model whose content can change while its page is shown (a pet was renamed, a list's
/// open row changed). The model calls `onChange` after each change; its view, which set it,
/// updates itself in place — focus and scroll position stay. A change with a more precise
/// callback of its own is told there instead (a list's rows: `PetList.onUpdate`).
@MainActor
public protocol ChangingModel: AnyObject {
    /// Set by the view; called after every change of the model's content.
    var onChange: (@MainActor () -> Void)? { get set }
}

/// A page model or a flow that follows the clinic's records: the `WindowCoordinator` tells it
/// each saved change, then refreshes the routers so titles follow.
@MainActor
public protocol FollowsClinicData: AnyObject {
    /// `change` was saved.
    func clinicDataChanged(_ change: ClinicData.Change)
}
