import RayPets

extension ButtonRule {
    /// An appointment request's page: *Delete* deletes the record; its page leaves every
    /// window's tabs.
    static let appointmentRecord: [ButtonRule] = [
        ButtonRule("Delete") { _, route in
            guard case .appointmentRecord(let pet, let record) = route else { return nil }
            return { model in
                model.records[pet]?.removeAll { $0 == record }
                for index in model.windows.indices {
                    for tab in AppTab.allCases {
                        model.windows[index].stacks[tab]!.removeAll {
                            $0 == .appointmentRecord(pet: pet, record: record)
                        }
                    }
                }
            }
        }
    ]
}
