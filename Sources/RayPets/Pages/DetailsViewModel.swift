import Navigation

/// A page of facts in two columns, with an optional action: a pet's details, the
/// opening-hours table.
@MainActor
public final class DetailsViewModel: ScreenModel {
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
    public let title: String
    /// A sentence above the table.
    public let summary: String
    /// The table.
    public let rows: [Row]
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

    /// `.details`.
    public var screen: Screen { .details(self) }

    /// Intent: the action button was pressed.
    public func performAction() { onAction?() }
}
