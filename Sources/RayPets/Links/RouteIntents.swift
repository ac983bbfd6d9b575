import Navigation

/// Which click on which page leads to which route: the deep-link replay's map of the app.
@MainActor
enum RouteIntents {
    /// Performs the intent on `page` that leads to `route`; `false` if there is none.
    static func perform(towards route: AppRoute, on page: Page<AppRoute>, pain: PainLevel? = nil) -> Bool {
        switch (page.screen, route) {
        case (.home(let home), .pets): home.showPets()
        case (.home(let home), .clinicInfo): home.showClinicInfo()
        case (.home(let home), .petPicker): home.scheduleAppointment()
        case (.petList(let list), .petDetail(let id)), (.petList(let list), .visitType(let id)):
            return list.select(id: id)
        case (.petList(let list), .addPet): list.add()
        case (.petDetails(let details), .clinicInfo): details.showClinicInfo()
        case (.petDetails(let details), .editPet): details.edit()
        case (.petDetails(let details), .appointmentRecord(_, let record)):
            guard let index = details.history.firstIndex(where: { $0.id == record }) else { return false }
            details.openRecord(at: index)
        case (.choice(let choice), _):
            guard let answer = answer(on: page.route, towards: route, pain: pain) else { return false }
            return choice.select(option: answer)
        case (.message(let message), .openingHours), (.message(let message), .howToCode),
            (.message(let message), .startOver):
            message.performAction()
        default:
            return false
        }
        return true
    }

    /// The answer to choose on the question page `question` to get to `route` (by the
    /// option's raw value), if any.
    private static func answer(on question: AppRoute, towards route: AppRoute, pain: PainLevel?) -> String? {
        switch (question, route) {
        case (.visitType, .painLevel): VisitType.sick.rawValue
        case (.visitType, .noAppointmentRequired): VisitType.well.rawValue
        case (.painLevel, .fakingIt), (.painLevel, .noAppointmentRequired): pain?.rawValue
        case (.fakingIt, .noAppointmentRequired): FakingAnswer.notFake.rawValue
        default: nil
        }
    }
}
