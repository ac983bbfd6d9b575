import Gtk

/// The actions `BackNavigation` inserts into its window (group `navigation`), with their
/// shortcuts. Use them to activate Back or Cancel from your own widgets, e.g. a search
/// field's Escape when it is empty: `search.activateAction(NavigationAction.cancel)`.
public enum NavigationAction {
    /// `navigation.back` (Alt+Left; Alt+Right in a right-to-left layout, where Back's arrow
    /// points right; also the Back button and the mouse's back button): the followed host goes
    /// back. Disabled while it has no page to go back to.
    public static let back = ActionName(group: "navigation", name: "back", accelerator: "<Alt>Left")
    /// `navigation.cancel` (Escape; also a dialog's Cancel button), in a dialog: the dialog
    /// closes, asking the leave guards with the reason `cancel`. In a window that is not a
    /// dialog: Back, unless the shown page turns it off (`PageView.escapeGoesBack`).
    public static let cancel = ActionName(group: "navigation", name: "cancel", accelerator: "Escape")
    /// `navigation.close` (Ctrl+W; also the dialog window's close button), in a dialog: the
    /// dialog closes, asking the leave guards with the reason `close`. In any other window: the
    /// window is asked to close, as by its close button ("close-request", which the app
    /// handles). So a window's Ctrl+W needs no shortcut of the app's, and should have none:
    /// GTK handles an application's shortcuts before a window's, so an application action
    /// on Ctrl+W would take it from every dialog too.
    public static let close = ActionName(group: "navigation", name: "close", accelerator: "<Control>w")
    /// `navigation.back-to` (the Back button's history menu), with a page's id
    /// (`PageID.description`) as its parameter: the followed host goes back to that page in
    /// one step, each page that leaves asked once with the reason `back`.
    public static let backTo = ActionName(group: "navigation", name: "back-to")
    /// `navigation.forward` (Alt+Right; Alt+Left in a right-to-left layout; also the mouse's
    /// forward button): the next page the followed host's router keeps for Forward comes
    /// back (`PageRouter.forwardLimit`). Disabled while there is none.
    public static let forward = ActionName(group: "navigation", name: "forward", accelerator: "<Alt>Right")
    /// `navigation.forward-to` (the pages ahead in the Back button's history menu), with a
    /// page's id as its parameter: that page comes back with the forward pages before it.
    public static let forwardTo = ActionName(group: "navigation", name: "forward-to")
}
