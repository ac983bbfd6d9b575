import Navigation

/// A page of facts in two columns, with an optional action: a pet's details, the
/// opening-hours table.
@MainActor
public final class DetailsModel: AppPageModel, ChangingModel {
    /// One row of the table.
    public struct Row: Equatable, Sendable {
        /// Left column, e.g. "Species" or "Monday to Thursday".
        public let label: String
        /// Right column, e.g. "Dog" or "8:00 – 18:00".
        public let value: String
        /// A row.
        public init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    /// The page title.
    public private(set) var title: String
    /// A sentence above the table.
    public private(set) var summary: String
    /// The table.
    public private(set) var rows: [Row]
    /// The action button's label, if the page has one.
    public let actionTitle: String?
    /// Set by the coordinator: what the action does.
    public var onAction: (@MainActor () -> Void)?

    /// A details page.
    public init(title: String, summary: String, rows: [Row], actionTitle: String? = nil) {
        self.title = title
        self.summary = summary
        self.rows = rows
        self.actionTitle = actionTitle
    }

    /// How the action button looks (`.red` for a destructive one such as Delete).
    public var actionStyle: ActionStyle = .plain
    /// Whether the action can be used now (e.g. not while the records are read-only).
    public var isActionEnabled = true

    /// `.details`.
    public var kind: PageKind { .details(self) }

    /// Set by the view: called after the content changed.
    public var onChange: (@MainActor () -> Void)?

    /// New content; the view follows (the router's `refresh()` updates the header's title).
    public func update(title: String, summary: String, rows: [Row]) {
        self.title = title
        self.summary = summary
        self.rows = rows
        onChange?()
    }

    /// Intent: the action button was pressed.
    public func performAction() { onAction?() }
}
