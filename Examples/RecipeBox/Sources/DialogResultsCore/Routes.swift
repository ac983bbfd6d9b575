import Navigation

/// The screens: a note, the dialog that renames it, and the alert that asks before the
/// dialog drops a new name.
public enum NoteRoute: NavigationRoute {
    case note, rename, discardName
}

/// The note's page: its name, and *Rename…*.
@MainActor
public final class NoteModel: PageModel {
    public let title = "Note"
    public internal(set) var name: String {
        didSet { onChange?() }
    }
    public var onRename: (@MainActor () -> Void)?
    /// Called when `name` changes (the view shows it).
    public var onChange: (@MainActor () -> Void)?
    init(name: String) { self.name = name }
}

/// The rename dialog's page: the name being typed, and whether it differs from the saved one.
@MainActor
public final class RenameModel: PageModel {
    public let title = "Rename"
    public let savedName: String
    public var name: String
    public var onSave: (@MainActor () -> Void)?
    public var hasChanges: Bool { name != savedName }
    init(name: String) {
        savedName = name
        self.name = name
    }
}

/// The alert's page: "Discard the new name?".
@MainActor
public final class DiscardNameModel: PageModel {
    public let title = "Discard the new name?"
    /// `true`: discard; `false`: keep editing.
    public var onAnswer: (@MainActor (Bool) -> Void)?
}
