import SQLite

extension ClinicDatabase {
    /// Adds `count` made-up pets with appointment request histories, in one transaction, after the
    /// pets already stored: for trying the app, tests and benchmarks with many records
    /// (`raypets --demo-data=N`). The same `count` on the same database gives the same pets:
    /// names, species, ages and histories follow from each pet's number. A name already taken
    /// is skipped. `stop` is asked every 1,000 pets: once it says yes, no more are added, and
    /// the transaction commits those that were. Returns how many pets were added.
    @discardableResult
    public func addDemoPets(
        count: Int, today: SimpleDate = SimpleDate.today(), stop: () -> Bool = { false }
    ) throws(StoreError) -> Int {
        guard count > 0 else { return 0 }
        return try writing { () throws(SQLiteError) in
            let first = try database.integer("SELECT value FROM counters WHERE name = 'next-pet'") ?? 1
            let insertPet = try database.prepare("INSERT OR IGNORE INTO " + Self.petTableAndValuesSQL)
            let insertRecord = try database.prepare(Self.insertRecordSQL)
            var added = 0
            var next = first
            for number in first..<first + Int64(count) {
                if (number - first) % 1_000 == 0, number > first, stop() { break }
                next = number + 1
                let pet = DemoPets.pet(number: number, today: today)
                try insertPet.run(Self.columns(of: pet, position: number))
                guard database.changes == 1 else { continue }
                added += 1
                for record in DemoPets.history(of: pet, number: number) {
                    try insertRecord.run(Self.columns(of: record))
                }
            }
            // The numbers used, all of them or up to where the run stopped.
            try database.prepare("UPDATE counters SET value = ?1 WHERE name = 'next-pet'").run([.integer(next)])
            return added
        }
    }
}

/// The made-up pets of `addDemoPets`: everything follows from a pet's number.
enum DemoPets {
    static let firstNames = [
        "Alfie", "Bella", "Biscuit", "Bonnie", "Bruno", "Buddy", "Casper", "Charlie", "Chester", "Cleo",
        "Coco", "Daisy", "Dexter", "Ellie", "Felix", "Ginger", "Gizmo", "Hazel", "Honey", "Jasper",
        "Juno", "Kiki", "Leo", "Lola", "Luna", "Mabel", "Maple", "Milo", "Misty", "Mochi",
        "Nala", "Nemo", "Olive", "Oreo", "Pepper", "Pippin", "Poppy", "Pumpkin", "Rosie", "Ruby",
        "Shadow", "Simba", "Smokey", "Sunny", "Teddy", "Tiger", "Toffee", "Willow", "Ziggy", "Zola",
    ]
    static let secondNames = [
        "Acorn", "Amber", "Aspen", "Basil", "Birch", "Bramble", "Breeze", "Clover", "Comet", "Copper",
        "Cricket", "Dawn", "Ember", "Fern", "Flint", "Frost", "Hollow", "Ivy", "Juniper", "Lark",
        "Meadow", "Moss", "Nutmeg", "Onyx", "Pebble", "Pine", "Quill", "Rain", "Reed", "Saffron",
        "Sage", "Sorrel", "Sparrow", "Storm", "Thistle", "Thorn", "Violet", "Wren", "Yarrow", "Zephyr",
    ]

    /// "Biscuit Fern", then "Biscuit Fern 2" once every pair was used, and so on.
    static func name(number: Int64) -> String {
        let index = Int(number - 1)
        let pairs = firstNames.count * secondNames.count
        let base =
            "\(firstNames[index % firstNames.count]) \(secondNames[(index / firstNames.count) % secondNames.count])"
        return index < pairs ? base : "\(base) \(index / pairs + 1)"
    }

    static func pet(number: Int64, today: SimpleDate) -> Pet {
        let species = Species.allCases[Int(number % Int64(Species.allCases.count))]
        return Pet(
            id: "pet-\(number)", name: name(number: number), species: species,
            age: .years(Int(number % 16), asOf: today))
    }

    /// None for two pets in three; one to three appointment requests for the others.
    static func history(of pet: Pet, number: Int64) -> [AppointmentRecord] {
        guard number % 3 == 0 else { return [] }
        return (0..<Int(number / 3 % 3) + 1).map { step in
            // Both ends of the appointment request: a well visit, or a sick pet that was faking it.
            let sick = (number + Int64(step)) % 2 == 0
            let request = AppointmentRequest(
                pet: pet.id, visitType: sick ? .sick : .well, painLevel: sick ? .aLittle : nil,
                fakingAnswer: sick ? .fake : nil, outcome: sick ? .fakingIt : .noAppointmentRequired)
            // From late 2025 on: a day per pet number (in a 300-day cycle), an hour per step.
            let time = 1_764_000_000 + Int(number % 300) * 86_400 + step * 3_600
            return AppointmentRecord(id: 0, time: time, request: request)
        }
    }
}
