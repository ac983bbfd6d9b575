import RayPets

extension ButtonRule {
    /// A pet's page: *Vaccinations* opens the pet's vaccinations, a page with no buttons.
    static let vaccinations = ButtonRule.onPetPage("Vaccinations") { model, pet in model.push(.vaccinations(pet)) }
}
