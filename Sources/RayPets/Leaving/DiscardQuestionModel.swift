import Navigation

/// What a "Discard …?" alert is about.
public enum DiscardSubject: Sendable {
    /// The pet editor's unsaved fields.
    case changes
    /// The appointment request's answers.
    case answers
    /// The pet editor's unsaved fields, of a pet another window is deleting.
    case changesToDeletedPet
}

/// An answer to a "Discard …?" alert.
public enum DiscardAnswer: String, Sendable, CaseIterable {
    /// Throw the work away and leave.
    case discard
    /// Stay, with everything as it was (the safe answer: Escape gives it).
    case keepEditing
    /// Save, then leave (offered only where the work can be saved).
    case save
}

/// The "Discard changes?" alert, as a page model: shown through the alert router, like any
/// page. Its view is an alert window (`AlertWindow`), with *Keep editing* focused.
@MainActor
public final class DiscardQuestionModel: PageModel {
    /// What would be lost.
    public let subject: DiscardSubject
    /// The question (the alert's heading and window title).
    public let title: String
    /// What answering *Discard* means.
    public let body: String
    /// The answers offered, in order (start to end).
    public let answers: [DiscardAnswer]
    /// Set by whoever asks: called with the user's answer.
    public var onAnswer: (@MainActor (DiscardAnswer) -> Void)?

    /// The question for `subject`; *Save* is offered when `canSave`.
    public init(_ subject: DiscardSubject, canSave: Bool) {
        self.subject = subject
        switch subject {
        case .changes:
            title = L("Discard changes?")
            body = L("The changes you made to this pet have not been saved. If you discard them, they are lost.")
        case .answers:
            title = L("Discard answers?")
            body = L("The appointment request is not finished. If you discard your answers, they are lost.")
        case .changesToDeletedPet:
            title = L("Discard changes?")
            body = L(
                "This pet is being deleted in another window. If you discard your changes, the pet is deleted with them; keep editing and it stays."
            )
        }
        answers = canSave ? [.keepEditing, .discard, .save] : [.keepEditing, .discard]
    }

    /// The safe answer: focused first, and what Escape answers.
    public var safeAnswer: DiscardAnswer { .keepEditing }

    /// The button label of `answer`, with its mnemonic.
    public func label(of answer: DiscardAnswer) -> String {
        switch answer {
        case .discard: L("_Discard")
        case .keepEditing: L("_Keep editing")
        case .save: L("_Save")
        }
    }

    /// Intent: the user answered.
    public func answer(_ answer: DiscardAnswer) { onAnswer?(answer) }
}
