/// The pet editor's unsaved work, kept across a quit: which editor, its fields as typed, the
/// field the cursor was in, and the pet as the editor had read it (so the next start's Save is
/// checked against it, as this run's would have been).
public struct EditorDraft: Equatable, Codable, Sendable {
    /// Where the editor is: a tab's stack, or the dialog (`nil`; also for a draft on the
    /// shelf, `Questions.drafts`, whose editor has ended).
    public var tab: AppTab?
    /// The editor's route (`addPet` or `editPet`).
    public var route: AppRoute
    /// The fields as typed.
    public var fields: PetDraft
    /// The field with the keyboard focus.
    public var focus: PetField?
    /// The pet as the editor last read it (`PetEditorModel.base`): a Save over a pet saved
    /// differently since (in another window) is refused once, as a conflict. `nil` for a new
    /// pet's editor, and in a draft saved before RayPets kept it (then the editor is based on
    /// the pet as it is when it opens again).
    public var base: Pet?

    /// A draft of the editor at `route`, based on `base`.
    public init(tab: AppTab?, route: AppRoute, fields: PetDraft, focus: PetField?, base: Pet? = nil) {
        self.tab = tab
        self.route = route
        self.fields = fields
        self.focus = focus
        self.base = base
    }
}
