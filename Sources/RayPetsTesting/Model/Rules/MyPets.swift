import RayPets

extension ButtonRule {
    /// *My pets*: *Add pet* opens the editor of a new pet.
    static let myPets: [ButtonRule] = [.opens("Add pet") { $0 == .pets ? .addPet : nil }]
}

extension RowRule {
    /// *My pets* lists every pet; a row opens the pet's page.
    static let myPets = RowRule { model, route in
        route == .pets ? model.pets.count : nil
    } choose: { model, _, index in
        model.push(.petDetail(model.pets[index].id))
    }
}
