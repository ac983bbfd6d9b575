/// The pet editor's unsaved work, kept across a quit: which editor, its fields as typed, and
/// the field the cursor was in.
public struct EditorDraft: Equatable, Codable, Sendable {
    /// Where the editor is: a tab's stack, or the dialog (`nil`).
    public var tab: AppTab?
    /// The editor's route (`addPet` or `editPet`).
    public var route: AppRoute
    /// The fields as typed.
    public var fields: PetDraft
    /// The field with the keyboard focus.
    public var focus: PetField?

    /// A draft of the editor at `route`.
    public init(tab: AppTab?, route: AppRoute, fields: PetDraft, focus: PetField?) {
        self.tab = tab
        self.route = route
        self.fields = fields
        self.focus = focus
    }
}
