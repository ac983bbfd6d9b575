import Navigation

/// A pet's page: its details, its appointment request history (newest first), and its actions
/// (Edit, Delete, Clinic info, Vaccinations). It follows the records: a rename changes its title
/// and text in place, a new or deleted appointment request its history.
@MainActor
public final class PetDetailsModel: AppPageModel, ChangingModel, FollowsClinicData {
    /// One finished appointment request in the history list.
    public struct HistoryRow: Equatable, Sendable {
        /// The stored record's id.
        public let id: AppointmentRecord.ID
        /// When: "2026-11-23 14:05".
        public let title: String
        /// The answers and the outcome in a line.
        public let subtitle: String
    }

    /// The pet's id.
    public let petID: Pet.ID
    /// The pet as last saved.
    public private(set) var pet: Pet
    /// The history, newest first.
    public private(set) var history: [AppointmentRecord] = []
    /// Why the history could not be read, if it could not.
    public private(set) var historyProblem: String?
    private let data: ClinicData

    /// Set by the coordinator.
    public var onEdit: (@MainActor () -> Void)?
    /// Set by the coordinator.
    public var onDelete: (@MainActor () -> Void)?
    /// Set by the coordinator.
    public var onClinicInfo: (@MainActor () -> Void)?
    /// Set by the coordinator.
    public var onVaccinations: (@MainActor () -> Void)?
    /// Set by the coordinator: a history row was chosen.
    public var onOpenRecord: (@MainActor (AppointmentRecord) -> Void)?
    /// Set by the view.
    public var onChange: (@MainActor () -> Void)?

    /// The page of `pet`, reading its history from `data`.
    public init(pet: Pet, data: ClinicData) {
        self.petID = pet.id
        self.pet = pet
        self.data = data
        loadHistory()
    }

    /// `.petDetails`.
    public var kind: PageKind { .petDetails(self) }

    /// The pet's name.
    public var title: String { pet.name }

    /// "Rex is 3 years old." (or just the species without an age).
    public var summary: String {
        guard let age = pet.ageText(today: data.today()) else {
            return L("{pet} is a {species}.", ["pet": pet.name, "species": pet.species.title.lowercased()])
        }
        return L("{pet} is {age} old.", ["pet": pet.name, "age": age])
    }

    /// The facts table.
    public var rows: [DetailsModel.Row] {
        var rows = [DetailsModel.Row(label: L("Species"), value: pet.species.title)]
        if let age = pet.ageText(today: data.today()) { rows.append(.init(label: L("Age"), value: age)) }
        if case .born(let date) = pet.age { rows.append(.init(label: L("Born"), value: date.description)) }
        // Cut, for notes saved before there was a limit: a page must open at once.
        if !pet.notes.isEmpty {
            rows.append(.init(label: L("Notes"), value: pet.notes.excerpt(PetRules.maxNotesLength)))
        }
        return rows
    }

    /// The history's heading.
    public let historyTitle = L("Appointment requests")
    /// What the history says when it is empty.
    public var historyEmptyText: String { historyProblem ?? L("No appointment requests yet.") }

    /// The history row at `index` (newest first), if there is one.
    public func historyRow(at index: Int) -> HistoryRow? {
        guard history.indices.contains(index) else { return nil }
        let record = history[index]
        return HistoryRow(id: record.id, title: LocalTime.format(record.time), subtitle: record.request.summary)
    }

    /// The id of the history row at `index`'s record (nothing is formatted).
    public func historyRowID(at index: Int) -> AppointmentRecord.ID? {
        history.indices.contains(index) ? history[index].id : nil
    }

    /// Labels of the actions.
    public let editTitle = L("Edit"), deleteTitle = L("Delete"), clinicInfoTitle = L("Clinic info")
    /// The label of the action that shows the pet's vaccinations.
    public let vaccinationsTitle = L("Vaccinations")

    /// One of the page's buttons: its label, whether it deletes, whether it can be used now,
    /// and the intent it calls.
    public struct Action {
        /// The button's label.
        public let title: String
        /// Whether it deletes something (shown as a destructive button).
        public var isDestructive = false
        /// Whether it can be used now.
        public var isEnabled = true
        /// The intent, called on the page's model.
        public let intent: @MainActor (PetDetailsModel) -> Void
    }

    /// The page's buttons, in order: the view shows one per action.
    public var actions: [Action] {
        [
            Action(title: editTitle, isEnabled: canChange) { $0.edit() },
            Action(title: deleteTitle, isDestructive: true, isEnabled: canChange) { $0.delete() },
            Action(title: clinicInfoTitle) { $0.showClinicInfo() },
            Action(title: vaccinationsTitle) { $0.showVaccinations() },
        ]
    }

    /// Whether Edit and Delete can be used (not while the records are read-only).
    public var canChange: Bool { !data.isReadOnly }

    /// Intent: Edit.
    public func edit() { if canChange { onEdit?() } }
    /// Intent: Delete.
    public func delete() { if canChange { onDelete?() } }
    /// Intent: Clinic info.
    public func showClinicInfo() { onClinicInfo?() }
    /// Intent: Vaccinations.
    public func showVaccinations() { onVaccinations?() }
    /// Intent: the history row at `index` was chosen.
    public func openRecord(at index: Int) {
        guard history.indices.contains(index) else { return }
        onOpenRecord?(history[index])
    }

    /// Follows the records: this pet's new fields, or its history.
    public func clinicDataChanged(_ change: ClinicData.Change) {
        switch change {
        case .updated(_, let new) where new.id == petID:
            pet = new
        case .recordAdded(let record) where record.request.pet == petID,
            .recordDeleted(let record)
        where record.request.pet == petID:
            loadHistory()
        case .dayChanged:
            break  // the age is counted to today: shown again
        default:
            return
        }
        onChange?()
    }

    private func loadHistory() {
        do {
            history = try data.history(of: petID)
            historyProblem = nil
        } catch {
            history = []
            historyProblem = error.userMessage
        }
    }
}

extension AppointmentRequest {
    /// "Sick, pain: moderate. No appointment required."
    public var summary: String {
        var parts = [visitType.title]
        if let painLevel { parts.append(L("pain: {level}", ["level": painLevel.title.lowercased()])) }
        if let fakingAnswer { parts.append(fakingAnswer.title.lowercased()) }
        return parts.joined(separator: ", ") + ". " + outcome.title + "."
    }
}

extension AppointmentOutcome {
    /// "No appointment required", "Faking it".
    public var title: String {
        switch self {
        case .noAppointmentRequired: L("No appointment required")
        case .fakingIt: L("Faking it")
        }
    }
}
