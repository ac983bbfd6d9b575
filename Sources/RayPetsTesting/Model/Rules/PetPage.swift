import RayPets

extension ButtonRule {
    /// A pet's page: *Edit* opens its editor; *Delete* asks every window, then deletes the pet
    /// (`DeleteInEveryWindow.swift`); *Clinic info* opens in the dialog.
    static let petPage: [ButtonRule] = [
        .onPetPage("Edit") { model, pet in model.push(.editPet(pet)) },
        .onPetPage("Delete") { model, pet in model.startDelete(of: pet) },
        .onPetPage("Clinic info") { model, _ in model.dialog = [.clinicInfo] },
    ]
}

extension RowRule {
    /// A pet's page lists its appointment requests, newest first; a row opens one.
    static let petPage = RowRule { model, route in
        guard case .petDetail(let pet) = route else { return nil }
        return model.history(of: pet).count
    } choose: { model, route, index in
        guard case .petDetail(let pet) = route else { return }
        model.push(.appointmentRecord(pet: pet, record: model.history(of: pet)[index]))
    }
}
