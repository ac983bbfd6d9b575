import RayPets

extension ButtonRule {
    /// Home: *Schedule appointment* opens the appointment request's dialog on "Which pet?";
    /// *My pets* and *Clinic info* open their pages on the Clinic tab.
    static let home: [ButtonRule] = [
        ButtonRule("Schedule appointment", on: .home) { $0.dialog = [.petPicker] },
        .opens("My pets") { $0 == .home ? .pets : nil },
        .opens("Clinic info") { $0 == .home ? .clinicInfo : nil },
    ]
}
