/// The vaccinations a pet of its species usually has, and when: the first doses at so many
/// weeks old, a booster at one year old, then one every so many years. RayPets keeps no record
/// of the doses given (the clinic does), so a pet's *Vaccinations* page shows this schedule,
/// with the next date on it when the pet's birth date is known.
public struct Vaccination: Equatable, Sendable {
    /// The vaccine: "Rabies".
    public let name: String
    /// When it is given, as the page says it: "12 weeks old, 1 year old, then every 3 years".
    public let schedule: String
    /// The first doses, at these ages in weeks.
    let weeks: [Int]
    /// After the booster at one year old, one every this many years.
    let everyYears: Int

    /// The usual vaccinations of `species`, in the order a clinic gives them (none for a fish,
    /// a bird or another animal: ask the clinic).
    public static func usual(for species: Species) -> [Vaccination] {
        let rabies = Vaccination(
            name: L("Rabies"), schedule: L("12 weeks old, 1 year old, then every 3 years"), weeks: [12], everyYears: 3)
        switch species {
        case .dog:
            return [
                Vaccination(
                    name: L("Distemper, hepatitis, parvovirus"),
                    schedule: L("8, 12 and 16 weeks old, 1 year old, then every 3 years"), weeks: [8, 12, 16],
                    everyYears: 3),
                Vaccination(
                    name: L("Leptospirosis"), schedule: L("8 and 12 weeks old, then every year"), weeks: [8, 12],
                    everyYears: 1),
                rabies,
            ]
        case .cat:
            return [
                Vaccination(
                    name: L("Cat flu and enteritis"), schedule: L("9 and 12 weeks old, 1 year old, then every 3 years"),
                    weeks: [9, 12], everyYears: 3),
                rabies,
            ]
        case .rabbit:
            return [
                Vaccination(
                    name: L("Myxomatosis and RHD"), schedule: L("5 weeks old, then every year"), weeks: [5],
                    everyYears: 1)
            ]
        case .fish, .bird, .other:
            return []
        }
    }

    /// The first day on this schedule on or after `today`, for a pet born on `birth`: a first
    /// dose, the booster at one year old, or a later one. `nil` past the year 9999.
    public func nextDate(born birth: SimpleDate, today: SimpleDate) -> SimpleDate? {
        for age in weeks {
            guard let day = birth.adding(days: 7 * age) else { return nil }
            if day >= today { return day }
        }
        var years = 1
        while let day = birth.adding(years: years) {
            if day >= today { return day }
            years += everyYears
        }
        return nil
    }
}

extension DetailsModel {
    /// A pet's *Vaccinations* page: its species' usual vaccinations, a row each, with the next
    /// date when the pet's birth date is known.
    public static func vaccinations(of pet: Pet, today: SimpleDate) -> DetailsModel {
        let model = DetailsModel(title: "", summary: "", rows: [])
        model.showVaccinations(of: pet, today: today)
        return model
    }

    /// Shows `pet`'s vaccinations as it is now (renamed, another species, another birth date).
    public func showVaccinations(of pet: Pet, today: SimpleDate) {
        let usual = Vaccination.usual(for: pet.species)
        let facts = ["pet": pet.name, "species": pet.species.title]
        let summary =
            usual.isEmpty
            ? L(
                "There are no usual vaccinations for {pet}'s species ({species}): ask the clinic whether {pet} needs any.",
                facts)
            : L(
                "The usual vaccinations by age for {pet}'s species ({species}). The clinic keeps the record of the doses given.",
                facts)
        let rows = usual.map { vaccination in
            var value = vaccination.schedule
            if case .born(let birth) = pet.age, let next = vaccination.nextDate(born: birth, today: today) {
                value += "\n" + L("Next on this schedule: {date}", ["date": next.description])
            }
            return Row(label: vaccination.name, value: value)
        }
        update(title: L("Vaccinations for {pet}", ["pet": pet.name]), summary: summary, rows: rows)
    }
}

extension SimpleDate {
    /// The day `days` days later; `nil` past the year 9999.
    fileprivate func adding(days: Int) -> SimpleDate? {
        var date: SimpleDate? = self
        for _ in 0..<days {
            guard let day = date else { return nil }
            date =
                SimpleDate(year: day.year, month: day.month, day: day.day + 1)
                ?? SimpleDate(year: day.year, month: day.month + 1, day: 1)
                ?? SimpleDate(year: day.year + 1, month: 1, day: 1)
        }
        return date
    }

    /// The same day `years` later (28 February for 29 February in a year without one); `nil`
    /// past the year 9999.
    fileprivate func adding(years: Int) -> SimpleDate? {
        SimpleDate(year: year + years, month: month, day: day) ?? SimpleDate(year: year + years, month: 2, day: 28)
    }
}
