import Navigation

/// "My pets": the list (with Add pet), a pet's page (Edit, Delete with Undo, its
/// appointment request history, Clinic info, Vaccinations), an appointment request's page
/// (Delete) and the pet's vaccinations. The list is a sidebar (`AppRoute.splitLayout`): on a
/// wide window the pet's page sits beside it, and choosing another pet replaces that page and
/// whatever was opened from it. From a pet's page, "Clinic info" opens the clinic-info flow in
/// a dialog — the same flow Home pushes onto the tab: the parent decides how a sub-flow is
/// shown, the sub-flow's code is the same.
///
/// Deleting only changes the records: the `WindowCoordinator` then removes every page that
/// showed what was deleted, in every tab and the dialog.
@MainActor
public final class PetListCoordinator: FlowCoordinator<AppRoute>, FollowsClinicData {
    private let dialogRouter: any Router<AppRoute>
    private let services: ClinicServices
    private var data: ClinicData { services.data }
    private let labels = PetLabels()
    /// Follows the stack: the row shows as the open one while its pet's page is the one above
    /// the list (Back that keeps the page for Forward clears the row, Forward selects it again).
    private var shownPetWatch: StackObservation?

    /// The list on `router`; dialogs through `dialogRouter`.
    public init(router: any Router<AppRoute>, dialogRouter: any Router<AppRoute>, services: ClinicServices) {
        self.dialogRouter = dialogRouter
        self.services = services
        super.init(router: router)
    }

    /// Shows the list; `onDismissed` runs when the list's page leaves (the flow's end).
    public override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = PetListModel(
            title: L("My pets"), prompt: L("Choose a pet to see its details."), data: data, addAction: .always)
        let id = router.present(.pets, model: model, animated: animated, onDismissed: onDismissed)
        shownPetWatch = router.observe { [weak model] pages in
            guard let model, let index = pages.firstIndex(where: { $0.id == id }) else { return }
            var shown: Pet.ID?
            if index + 1 < pages.count, case .petDetail(let pet) = pages[index + 1].route { shown = pet }
            if model.shownPet != shown { model.showing(shown) }
        }
        // Beside the list on a wide window: a new choice replaces the pet shown (and what
        // was opened from it); the pet already shown stays as it is.
        let petPage: (Pet) -> AppRoute = { .petDetail($0.id) }
        model.onSelect = whenSelecting(in: id, model, value: Pet.self, unlessOnTop: petPage, named: "choose-pet") {
            flow, list, pet in
            // As it is now: a question may have been answered first (Save changes the pet).
            guard let current = flow.data.pet(id: pet.id) else { return }
            flow.showDetails(of: current, from: list)
        }
        // Add pet is a choice too: beside the list, the new pet's editor replaces the pet
        // shown (asking first if that page has unsaved work); with nothing shown beside the
        // list it opens on top, as on a narrow window. With a new pet's editor already
        // beside the list, Add pet keeps it, and what was typed in it.
        let editorPage: (()) -> AppRoute = { _ in .addPet }
        let add = whenSelecting(in: id, model, value: Void.self, unlessOnTop: editorPage, named: "add-pet") {
            flow, _, _ in
            flow.presentChild(
                PetEditorCoordinator(
                    router: flow.router, data: flow.data, questions: flow.services.questions, pet: nil), animated: true)
        }
        model.onAdd = { add(()) }
        // Another window, on the pet's page: nothing changes in this one.
        if let windows = services.windows {
            model.onOpenInNewWindow = { [weak windows] pet in windows?.openInNewWindow(pet: pet.id) }
        }
    }

    private func showDetails(of pet: Pet, from list: PetListModel) {
        let model = PetDetailsModel(pet: pet, data: data)
        // Its row shows as the one open (`shownPetWatch`).
        let id = router.present(.petDetail(pet.id), model: model, animated: true, onDismissed: nil)
        model.onClinicInfo = whenShown(id, model, named: "clinic-info") { flow, _ in
            guard flow.dialogRouter.pages.isEmpty else { return }
            flow.presentChild(
                ClinicInfoCoordinator(router: flow.dialogRouter, clinic: flow.services.clinic), animated: true)
        }
        model.onEdit = whenShown(id, model, named: "edit") { flow, model in
            flow.presentChild(
                PetEditorCoordinator(
                    router: flow.router, data: flow.data, questions: flow.services.questions, pet: model.pet),
                animated: true)
        }
        model.onDelete = whenShown(id, model, named: "delete") { flow, _ in flow.delete(pet.id) }
        model.onVaccinations = whenShown(id, model, named: "vaccinations") { flow, model in
            flow.showVaccinations(of: model.pet)
        }
        model.onOpenRecord = whenShown(id, model, value: AppointmentRecord.self, named: "open-record") {
            flow, _, record in
            flow.showRecord(record)
        }
    }

    /// Deletes the pet and offers Undo in a toast. First, where another window has unsaved
    /// edits of the pet, its question is asked there (`AllWindows.mayDelete`); if the user
    /// keeps editing, nothing is deleted and this window says why. With no such edits (or
    /// no other window) it is deleted at once. Once asked for, the delete does not depend on
    /// this flow: the user may leave My pets, or close this window, while another window
    /// asks. The Undo toast shows in this window, or — if it was closed meanwhile — in the
    /// window used last (`AllWindows.feedback(preferring:)`); with no window left to show
    /// it, nothing is deleted: a Delete's Undo is never lost.
    private func delete(_ id: Pet.ID) {
        let services = self.services
        Task.immediate { @MainActor in
            var feedback = services.feedback
            if let windows = services.windows {
                guard await windows.mayDelete(id) else {
                    // Another request may have taken its place (a second Delete): only the last says so.
                    guard let pet = services.data.pet(id: id), !(services.windows?.isDeleting(id) ?? false) else {
                        return
                    }
                    services.feedback.showNotice(
                        L("{pet} was not deleted: another window is still editing it.", ["pet": pet.name]))
                    return
                }
                guard let shown = services.windows?.feedback(preferring: services.feedback) else { return }
                feedback = shown
            }
            Self.deleteNow(id, data: services.data, feedback: feedback)
        }
    }

    /// Deletes `id` from `data` and offers its Undo in a toast through `feedback`.
    private static func deleteNow(_ id: Pet.ID, data: ClinicData, feedback: any Feedback) {
        guard data.pet(id: id) != nil else { return }  // deleted meanwhile (another Delete)
        do {
            let deleted = try data.delete(id)
            // The feedback shows (and so holds) the toast: the action must not hold it back.
            feedback.showToast(L("{pet} deleted", ["pet": deleted.pet.name]), actionTitle: L("Undo")) {
                [weak feedback] in
                do throws(StoreError) {
                    let restored = try data.undelete(deleted)
                    if restored.name != deleted.pet.name {  // another pet took the name meanwhile
                        feedback?.showNotice(
                            L(
                                "Another pet is called {pet} now: Undo brought {pet} back as “{name}”.",
                                ["pet": deleted.pet.name, "name": restored.name]))
                    }
                } catch {
                    feedback?.showNotice(error.userMessage)
                }
            }
        } catch {
            feedback.showNotice(error.userMessage)
        }
    }

    private func showRecord(_ record: AppointmentRecord) {
        let request = record.request
        var rows: [DetailsModel.Row] = [
            .init(label: L("Finished"), value: LocalTime.format(record.time)),
            .init(label: L("Visit type"), value: request.visitType.title),
        ]
        if let pain = request.painLevel { rows.append(.init(label: L("Pain level"), value: pain.title)) }
        if let faking = request.fakingAnswer { rows.append(.init(label: L("Faking it?"), value: faking.title)) }
        rows.append(.init(label: L("Outcome"), value: request.outcome.title))
        let title = L("Appointment request")
        func summary(_ name: String) -> String { L("For {pet}.", ["pet": name]) }
        let model = DetailsModel(
            title: title, summary: summary(data.pet(id: request.pet)?.name ?? request.pet), rows: rows,
            actionTitle: L("Delete"))
        model.actionStyle = .red
        model.isActionEnabled = !data.isReadOnly
        let id = router.present(
            .appointmentRecord(pet: request.pet, record: record.id), model: model, animated: true, onDismissed: nil)
        labels.add(page: id, pet: request.pet) { [weak model] pet in
            model?.update(title: title, summary: summary(pet.name), rows: rows)
        }
        model.onAction = whenShown(id, model, named: "delete-record") { flow, _ in
            do throws(StoreError) {
                try flow.data.deleteRecord(record)
            } catch {
                flow.services.feedback.showNotice(error.userMessage)
            }
        }
    }

    private func showVaccinations(of pet: Pet) {
        let model = DetailsModel.vaccinations(of: pet, today: data.today())
        let id = router.present(.vaccinations(pet.id), model: model, animated: true, onDismissed: nil)
        labels.add(page: id, pet: pet.id) { [weak model, data] pet in
            model?.showVaccinations(of: pet, today: data.today())
        }
    }

    /// Follows the records: a renamed pet's name on this flow's record pages.
    public func clinicDataChanged(_ change: ClinicData.Change) { labels.follow(change, on: router, data: data) }
}
