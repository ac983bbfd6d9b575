import Navigation

/// A page that says something and offers one action: a How-to-code step ("Next"),
/// "Start over", "No appointment required" ("Okay").
@MainActor
public final class MessageModel: AppPageModel, ChangingModel {
    /// The page title.
    public let title: String
    /// A line above the title giving context, e.g. "Appointment for Rex".
    public private(set) var caption: String?
    /// The text of the page.
    public private(set) var message: String
    /// The action button's label.
    public let actionTitle: String
    /// The action button's look.
    public let actionStyle: ActionStyle
    /// Set by the coordinator: what the action does.
    public var onAction: (@MainActor () -> Void)?

    /// A message page.
    public init(
        title: String, caption: String? = nil, message: String, actionTitle: String,
        actionStyle: ActionStyle = .suggested
    ) {
        self.title = title
        self.caption = caption
        self.message = message
        self.actionTitle = actionTitle
        self.actionStyle = actionStyle
    }

    /// `.message`.
    public var kind: PageKind { .message(self) }

    /// Set by the view: called after the text changed.
    public var onChange: (@MainActor () -> Void)?

    /// New text (e.g. the pet it is about was renamed); the view follows.
    public func update(caption: String?, message: String) {
        self.caption = caption
        self.message = message
        onChange?()
    }

    /// Intent: the action button was pressed.
    public func performAction() { onAction?() }
}
