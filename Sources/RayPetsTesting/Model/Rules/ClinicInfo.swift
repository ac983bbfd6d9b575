import RayPets

extension ButtonRule {
    /// *Clinic info*: *Opening hours* opens the opening hours (a page with no buttons), on the
    /// tab or in the dialog, wherever Clinic info is.
    static let clinicInfo: [ButtonRule] = [.opens("Opening hours") { $0 == .clinicInfo ? .openingHours : nil }]
}
