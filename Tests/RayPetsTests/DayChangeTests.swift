import Navigation
import Testing

@testable import RayPets

/// A day a test moves, as the clock and the time zone move the user's.
@MainActor
private final class Calendar {
    var today: SimpleDate
    init(_ year: Int, _ month: Int, _ day: Int) { today = SimpleDate(year: year, month: month, day: day)! }
    func set(_ year: Int, _ month: Int, _ day: Int) { today = SimpleDate(year: year, month: month, day: day)! }
}

@MainActor
@Suite("Round 3, row 17: dates follow the day, one age everywhere, and a refused Save says why")
struct DayChangeTests {
    @Test("round 3, row 17: a birth date of today in UTC+14 edited in UTC-11 shows why Save is disabled at once")
    func futureBirthDateShownAtOnce() throws {
        let calendar = Calendar(2026, 11, 30)  // where it was entered
        let data = ClinicData(store: ClinicDatabase.inMemory(), today: { calendar.today })
        _ = try data.update("rex", with: PetDraft(name: "Rex", species: .dog, age: "2026-11-30"))
        calendar.set(2026, 11, 29)  // the same moment, eleven hours behind UTC
        let editor = PetEditorModel(pet: data.pet(id: "rex"), data: data)
        #expect(!editor.canSave)
        #expect(editor.problem(at: .age) == "The birth date is in the future.", "no field was changed")
        #expect(editor.problem(at: .name) == nil)
        // a new pet's empty fields still wait for the user
        let new = PetEditorModel(pet: nil, data: data)
        #expect(!new.canSave && new.problem(at: .name) == nil)
    }

    @Test("round 3, row 17: an age given two years ago is today's on the pet's page and in its editor; Save keeps it")
    func oneAgeEverywhere() throws {
        let calendar = Calendar(2024, 11, 29)
        let data = ClinicData(store: ClinicDatabase.inMemory(), today: { calendar.today })
        let added = try data.add(PetDraft(name: "Bruno", species: .dog, age: "3"))
        calendar.set(2026, 11, 29)
        let rex = try #require(data.pet(id: added.id))
        #expect(PetDetailsModel(pet: rex, data: data).summary == "Bruno is 5 years old.")
        let editor = PetEditorModel(pet: rex, data: data)
        #expect(editor.draft.age == "5", "the editor says what the page says")
        #expect(!editor.hasChanges)
        editor.set(.notes, to: "Likes walks")
        let saved = try data.update(added.id, with: editor.draft, base: editor.base)
        calendar.set(2027, 11, 29)
        #expect(saved.ageText(today: calendar.today) == "6 years", "the age still counts from the day it was given")
    }

    @Test("round 3, row 17: a Vaccinations page and a pet's page open across midnight show the new day's dates and age")
    func pagesFollowTheDay() async throws {
        let calendar = Calendar(2026, 1, 9)
        let data = ClinicData(store: ClinicDatabase.inMemory(), today: { calendar.today })
        _ = try data.update("rex", with: PetDraft(name: "Rex", species: .dog, age: "2024-01-10"))
        let app = AppHarness(data: data)
        app.tapMyPets()
        await app.choosePet(at: 0)
        let details = app.model(PetDetailsModel.self)
        #expect(details.summary == "Rex is 1 year old.")
        var changes = 0
        details.onChange = { changes += 1 }
        app.step { details.showVaccinations() }
        let page = app.model(DetailsModel.self)
        #expect(page.rows[1].value.hasSuffix("Next on this schedule: 2026-01-10"))
        data.noticeTheDay()
        #expect(page.rows[1].value.hasSuffix("Next on this schedule: 2026-01-10"), "the same day: nothing changes")
        calendar.set(2026, 1, 11)  // past midnight twice: the dose day went by
        data.noticeTheDay()
        #expect(page.rows[1].value.hasSuffix("Next on this schedule: 2027-01-10"), "\(page.rows[1].value)")
        #expect(details.summary == "Rex is 2 years old." && changes == 1, "the pet's page below was shown again")
        app.tapBack()
    }

    @Test("a list of pets shows again the kept rows whose age a new day changed, and only those")
    func listFollowsTheDay() throws {
        let calendar = Calendar(2026, 11, 24)
        let store = ClinicDatabase.inMemory()
        try store.addDemoPets(count: 300, today: calendar.today)  // ages given on 2026-11-24
        let data = ClinicData(store: store, today: { calendar.today })
        let list = PetList(data: data)
        var updates: [[Int]] = []
        list.onUpdate = { index, removed, added in updates.append([index, removed, added]) }
        let observation = data.observe { _ in }
        for row in 0..<150 { _ = list.pet(at: row) }  // two batches kept
        calendar.set(2026, 11, 25)
        data.noticeTheDay()
        let olderNextDay = (0..<150).filter { row in
            let age = list.pet(at: row)?.age
            return age?.years(today: SimpleDate(year: 2026, month: 11, day: 24)!) != age?.years(today: calendar.today)
        }
        #expect(updates == olderNextDay.map { [$0, 1, 1] })
        updates = []
        calendar.set(2027, 11, 24)  // every demo pet a year older
        data.noticeTheDay()
        let rows = Set(updates.map { $0[0] })
        #expect(rows.isSuperset(of: Set(4..<150)), "\(updates.count)")
        #expect(updates.allSatisfy { $0[1] == 1 && $0[2] == 1 })
        _ = observation
    }
}
