import RayPets

/// What a page's controls do, rule by rule: each rule file of this folder says what one page
/// (or one button on it) offers and what pressing or choosing it does, and the model asks
/// every rule listed here. A new page's rule is one more file, and its line below.
extension NavigationModel {
    /// Every button rule, in the order their buttons show on a page.
    static let buttonRules: [ButtonRule] =
        ButtonRule.home + ButtonRule.myPets + ButtonRule.petPage + ButtonRule.editor + ButtonRule.appointmentRecord
        + ButtonRule.clinicInfo + ButtonRule.howToCode + ButtonRule.appointmentRequest + [ButtonRule.vaccinations]

    /// Every rule about a page's list rows.
    static let rowRules: [RowRule] = [.myPets, .petPage, .appointmentRequest]
}

/// A rule about one button, by its label: the pages that show it, and what pressing it does.
struct ButtonRule: Sendable {
    /// What pressing the button does to the model.
    typealias Press = @Sendable (inout NavigationModel) -> Void

    /// The button's label (as the app writes it, untranslated).
    let title: String
    /// What pressing the button on `route`'s page does, given the model as it is; `nil`: the
    /// page shows no such button.
    let press: @Sendable (NavigationModel, AppRoute) -> Press?

    /// The button `title`: `press` says where it shows and what it does.
    init(_ title: String, press: @escaping @Sendable (NavigationModel, AppRoute) -> Press?) {
        self.title = title
        self.press = press
    }

    /// The button `title` on `route`'s page, doing `press`.
    init(_ title: String, on route: AppRoute, _ press: @escaping Press) {
        self.init(title) { _, shown in shown == route ? press : nil }
    }

    /// The button `title` on every pet's page, doing `press` with the pet shown.
    static func onPetPage(
        _ title: String, _ press: @escaping @Sendable (inout NavigationModel, Pet.ID) -> Void
    ) -> ButtonRule {
        ButtonRule(title) { _, route in
            guard case .petDetail(let pet) = route else { return nil }
            return { press(&$0, pet) }
        }
    }

    /// The button `title` on the pages `opens` gives a page for, opening that page on top.
    static func opens(_ title: String, _ opens: @escaping @Sendable (AppRoute) -> AppRoute?) -> ButtonRule {
        ButtonRule(title) { _, route in
            guard let page = opens(route) else { return nil }
            return { $0.push(page) }
        }
    }
}

/// A rule about a page's list rows: how many it shows, and what choosing one does.
struct RowRule: Sendable {
    /// How many rows `route`'s page lists; `nil`: the page is not this rule's.
    let count: @Sendable (NavigationModel, AppRoute) -> Int?
    /// What choosing row `index` on `route`'s page does.
    let choose: @Sendable (inout NavigationModel, AppRoute, Int) -> Void
}

extension NavigationModel {
    /// The buttons `route`'s page shows, by label.
    public func buttons(on route: AppRoute) -> [String] {
        Self.buttonRules.filter { $0.press(self, route) != nil }.map(\.title)
    }

    /// How many list rows `route`'s page shows.
    public func rows(on route: AppRoute) -> Int {
        Self.rowRules.lazy.compactMap { $0.count(self, route) }.first ?? 0
    }

    /// The shown page's button `title` is pressed.
    mutating func press(_ title: String) {
        let (model, route) = (self, shownRoute)
        guard let press = Self.buttonRules.lazy.compactMap({ $0.title == title ? $0.press(model, route) : nil }).first
        else { preconditionFailure("the model offers no \"\(title)\" on \(route)") }
        press(&self)
    }

    /// Row `index` of the shown page's list is chosen.
    mutating func choose(row index: Int) {
        let route = shownRoute
        guard let rule = Self.rowRules.first(where: { $0.count(self, route) != nil }) else { return }
        rule.choose(&self, route, index)
    }
}
