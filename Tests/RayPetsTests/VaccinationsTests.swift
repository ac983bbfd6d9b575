import Navigation
import RayPets
import Testing

/// A pet's *Vaccinations* page (the page the *Adding a page* article walks through): reached
/// from the pet's page, by a link and by a restored state; it follows the records.
@MainActor
@Suite("A pet's vaccinations")
struct VaccinationsTests {
    private static let today = SimpleDate(year: 2025, month: 6, day: 1)!

    /// The app on a fixed day, with Rex born on `born`.
    private func harness(born: String = "2024-01-10") throws -> AppHarness {
        let data = ClinicData(store: ClinicDatabase.inMemory(), today: { Self.today })
        _ = try data.update("rex", with: PetDraft(name: "Rex", species: .dog, age: born))
        return AppHarness(data: data)
    }

    @Test("a pet's Vaccinations opens its species' usual schedule with the next dates; Back goes back and frees it")
    func opensFromThePetsPage() async throws {
        let app = try harness()
        app.tapMyPets()
        await app.choosePet(at: 0)
        #expect(
            app.model(PetDetailsModel.self).actions.map(\.title) == [
                "Edit", "Delete", "Clinic info", "Vaccinations",
            ])
        app.step { app.model(PetDetailsModel.self).showVaccinations() }
        #expect(app.clinicHost.pages.map(\.route) == [.home, .pets, .petDetail("rex"), .vaccinations("rex")])
        #expect(app.clinicHost.title == "Vaccinations for Rex")
        do {  // scoped: the test must not keep the page model alive itself
            let page = app.model(DetailsModel.self)
            #expect(page.rows.map(\.label) == ["Distemper, hepatitis, parvovirus", "Leptospirosis", "Rabies"])
            #expect(
                page.rows.map(\.value) == [
                    "8, 12 and 16 weeks old, 1 year old, then every 3 years\nNext on this schedule: 2028-01-10",
                    "8 and 12 weeks old, then every year\nNext on this schedule: 2026-01-10",
                    "12 weeks old, 1 year old, then every 3 years\nNext on this schedule: 2028-01-10",
                ])
            #expect(page.summary.contains("Rex's species (Dog)") && page.actionTitle == nil)
        }
        app.tapBack()
        #expect(app.clinicHost.topRoute == .petDetail("rex"))
        app.tapBack()
        app.tapBack()
        app.dropForward()
        #expect(app.liveBeyondRoots == 0, "still alive: \(app.live.liveTypeNames)")
    }

    @Test(
        "each species has its schedule: none for a fish, a bird or another animal (ask the clinic); no dates without a birth date"
    )
    func everySpecies() {
        let names = Species.allCases.map { species in Vaccination.usual(for: species).map(\.name) }
        #expect(
            names == [
                ["Distemper, hepatitis, parvovirus", "Leptospirosis", "Rabies"], ["Cat flu and enteritis", "Rabies"],
                ["Myxomatosis and RHD"], [], [], [],
            ])
        let fish = DetailsModel.vaccinations(
            of: Pet(id: "b", name: "Bubbles", species: .fish, age: 1), today: Self.today)
        #expect(fish.rows.isEmpty && fish.summary.contains("ask the clinic whether Bubbles needs any"))
        let cat = DetailsModel.vaccinations(
            of: Pet(id: "w", name: "Whiskers", species: .cat, age: 7), today: Self.today)
        #expect(cat.rows.map(\.value) == Vaccination.usual(for: .cat).map(\.schedule), "an age in years: no dates")
        #expect(cat.title == "Vaccinations for Whiskers")
    }

    @Test(
        "the next date is a first dose, the booster at one year old, then one every so many years; 29 February has 28 February"
    )
    func nextDates() throws {
        let dog = Vaccination.usual(for: .dog)
        let puppy = SimpleDate(year: 2025, month: 5, day: 1)!
        #expect(dog[0].nextDate(born: puppy, today: Self.today) == SimpleDate(year: 2025, month: 6, day: 26), "8 weeks")
        #expect(
            dog[0].nextDate(born: puppy, today: SimpleDate(year: 2025, month: 6, day: 27)!)
                == SimpleDate(year: 2025, month: 7, day: 24), "12 weeks")
        #expect(
            dog[0].nextDate(born: puppy, today: SimpleDate(year: 2025, month: 8, day: 22)!)
                == SimpleDate(year: 2026, month: 5, day: 1), "the booster")
        #expect(
            dog[0].nextDate(born: puppy, today: SimpleDate(year: 2026, month: 5, day: 2)!)
                == SimpleDate(year: 2029, month: 5, day: 1), "3 years on")
        #expect(
            dog[1].nextDate(born: puppy, today: SimpleDate(year: 2026, month: 5, day: 2)!)
                == SimpleDate(year: 2027, month: 5, day: 1), "every year")
        #expect(dog[0].nextDate(born: puppy, today: puppy) == SimpleDate(year: 2025, month: 6, day: 26))
        let leap = SimpleDate(year: 2024, month: 2, day: 29)!
        let rabbit = Vaccination.usual(for: .rabbit)[0]
        #expect(
            rabbit.nextDate(born: leap, today: SimpleDate(year: 2024, month: 3, day: 1)!)
                == SimpleDate(year: 2024, month: 4, day: 4))
        #expect(
            rabbit.nextDate(born: leap, today: SimpleDate(year: 2024, month: 12, day: 1)!)
                == SimpleDate(year: 2025, month: 2, day: 28))
        #expect(
            rabbit.nextDate(born: leap, today: SimpleDate(year: 2027, month: 3, day: 1)!)
                == SimpleDate(year: 2028, month: 2, day: 29))
        #expect(rabbit.nextDate(born: leap, today: SimpleDate(year: 9999, month: 3, day: 1)!) == nil, "past 9999: none")
    }

    @Test("the page follows the records: a rename, another species and birth date rewrite it; a delete takes it away")
    func followsTheRecords() async throws {
        let app = try harness()
        app.tapMyPets()
        await app.choosePet(at: 0)
        app.step { app.model(PetDetailsModel.self).showVaccinations() }
        _ = try app.data.update("rex", with: PetDraft(name: "Rexy", species: .cat, age: "2025-05-01"))
        await app.settle()
        #expect(app.clinicHost.title == "Vaccinations for Rexy", "the title follows")
        do {
            let page = app.model(DetailsModel.self)
            #expect(page.rows.map(\.label) == ["Cat flu and enteritis", "Rabies"])
            #expect(page.rows[0].value.hasSuffix("Next on this schedule: 2025-07-03"), "9 weeks after 2025-05-01")
        }
        _ = try app.data.delete("rex")
        await app.settle()
        #expect(app.clinicHost.pages.map(\.route) == [.home, .pets])
        app.tapBack()
        app.dropForward()
        #expect(app.liveBeyondRoots == 0, "still alive: \(app.live.liveTypeNames)")
    }

    @Test(
        "raypets://clinic/pets/<pet>/vaccinations opens the page over the pet's page, by name or id; Back goes to the pet"
    )
    func link() async throws {
        let app = try harness()
        for uri in ["raypets://clinic/pets/rex/vaccinations", "raypets://clinic/pets/REX/vaccinations"] {
            #expect(await app.app.open(uri: uri))
            await app.settle()
            #expect(app.clinicHost.pages.map(\.route) == [.home, .pets, .petDetail("rex"), .vaccinations("rex")])
        }
        app.tapBack()
        #expect(app.clinicHost.topRoute == .petDetail("rex"))
        #expect(await !app.app.open(uri: "raypets://clinic/pets/rexx/vaccinations"))
        await app.settle()
        #expect(app.clinicHost.pages.map(\.route) == [.home, .pets], "a missing pet: My pets")
        #expect(DeepLink(page: .vaccinations("rex"))?.uri == "raypets://clinic/pets/rex/vaccinations")
        #expect(DeepLink.forms.contains("raypets://clinic/pets/<id or name>/vaccinations"))
    }

    @Test(
        "the page comes back after a restart, saved as vaccinations:<pet>; with the pet gone, the stack ends at My pets"
    )
    func restore() async throws {
        let first = try harness()
        first.tapMyPets()
        await first.choosePet(at: 0)
        first.step { first.model(PetDetailsModel.self).showVaccinations() }
        let saved = try NavigationState(decoding: first.app.navigationState.encoded)
        #expect(first.app.navigationState.encoded.contains("pets,pet-detail:rex,vaccinations:rex"))
        let again = try harness()
        #expect(await again.app.restore(saved))
        await again.settle()
        #expect(again.clinicHost.pages.map(\.route) == [.home, .pets, .petDetail("rex"), .vaccinations("rex")])
        #expect(again.model(DetailsModel.self).title == "Vaccinations for Rex")
        let gone = try harness()
        _ = try gone.data.delete("rex")
        #expect(await !gone.app.restore(saved))
        await gone.settle()
        #expect(gone.clinicHost.pages.map(\.route) == [.home, .pets])
    }
}
