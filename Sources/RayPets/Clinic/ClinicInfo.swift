/// Facts about the clinic shown on "Clinic info" and "Opening hours".
public struct ClinicInfo: Sendable, Equatable {
    /// One row of the opening-hours table.
    public struct OpeningHours: Sendable, Equatable {
        /// "Monday", "Saturday and Sunday", ...
        public var days: String
        /// "8:00 – 18:00", "Closed", ...
        public var hours: String
    }

    /// The clinic's name.
    public var name: String
    /// Postal address, one line.
    public var address: String
    /// Phone number.
    public var phone: String
    /// The opening-hours table, in order.
    public var openingHours: [OpeningHours]

    /// Clinic facts.
    public init(name: String, address: String, phone: String, openingHours: [OpeningHours]) {
        self.name = name
        self.address = address
        self.phone = phone
        self.openingHours = openingHours
    }

    /// The RayPets clinic.
    @MainActor public static var rayPets: ClinicInfo {
        ClinicInfo(
            name: L("RayPets Clinic"),
            address: "12 Kennel Lane, Petersfield",
            phone: "+44 1234 567890",
            openingHours: [
                OpeningHours(days: L("Monday to Thursday"), hours: L("8:00 – 18:00")),
                OpeningHours(days: L("Friday"), hours: L("8:00 – 16:00")),
                OpeningHours(days: L("Saturday"), hours: L("9:00 – 12:00")),
                OpeningHours(days: L("Sunday"), hours: L("Closed (emergencies only)")),
            ])
    }
}
