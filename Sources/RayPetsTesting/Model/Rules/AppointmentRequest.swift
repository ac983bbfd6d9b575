import RayPets

/// The appointment request, in the dialog: "Which pet?" (a row per pet, or *Add pet* with
/// none), then a button per answer, until it is finished: stored, the dialog closes. Once a
/// question is answered, leaving asks first ("Discard answers?", `Leaving.swift`).
extension ButtonRule {
    static let appointmentRequest: [ButtonRule] = [addPetToChoose] + visitTypes + painLevels + fakingIt + [okay]

    /// "Which pet?" with no pet: *Add pet* opens the editor in the dialog.
    private static let addPetToChoose = ButtonRule("Add pet") { model, route in
        guard route == .petPicker && model.pets.isEmpty else { return nil }
        return { $0.push(.addPet) }
    }

    /// "Visit type": *Well* ends it (no appointment required), *Sick* asks the pain level.
    private static let visitTypes: [ButtonRule] = VisitType.allCases.map { visit in
        ButtonRule(visit.title) { _, route in
            guard case .visitType(let pet) = route else { return nil }
            let next: AppRoute = visit == .well ? .noAppointmentRequired(pet: pet) : .painLevel(pet: pet)
            return { $0.dialog.append(next) }
        }
    }

    /// "Pain level": a little or none asks whether the pet is faking it; more ends it.
    private static let painLevels: [ButtonRule] = PainLevel.allCases.map { level in
        ButtonRule(level.title) { _, route in
            guard case .painLevel(let pet) = route else { return nil }
            let next: AppRoute = level.mightBeFaking ? .fakingIt(pet: pet) : .noAppointmentRequired(pet: pet)
            return { $0.dialog.append(next) }
        }
    }

    /// "Faking it?": faking finishes the request; not faking ends it with no appointment required.
    private static let fakingIt: [ButtonRule] = FakingAnswer.allCases.map { answer in
        ButtonRule(answer.title) { _, route in
            guard case .fakingIt(let pet) = route else { return nil }
            if answer == .fake { return { $0.finish(for: pet) } }
            return { $0.dialog.append(.noAppointmentRequired(pet: pet)) }
        }
    }

    /// "No appointment required": *Okay* finishes the request.
    private static let okay = ButtonRule("Okay") { _, route in
        guard case .noAppointmentRequired(let pet) = route else { return nil }
        return { $0.finish(for: pet) }
    }
}

extension RowRule {
    /// "Which pet?" lists every pet; a row chooses it: the visit type is asked.
    static let appointmentRequest = RowRule { model, route in
        route == .petPicker ? model.pets.count : nil
    } choose: { model, _, index in
        model.dialog.append(.visitType(pet: model.pets[index].id))
    }
}

extension NavigationModel {
    /// Whether a question of the open appointment request is answered (the page after "Visit
    /// type" is open): choosing the pet alone is not asked about, and Back takes an answer back.
    var answered: Bool { dialog.first == .petPicker && dialog.filter(\.isAppointmentQuestion).count > 1 }

    /// The appointment request for `pet` was finished: stored, the dialog closes.
    mutating func finish(for pet: Pet.ID) {
        records[pet, default: []].append(nextRecord)
        nextRecord += 1
        dialog = []
    }
}
