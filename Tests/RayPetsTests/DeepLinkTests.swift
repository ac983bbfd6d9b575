import RayPets
import RayPetsTesting
import Testing

private let pets = ClinicDatabase.samplePets

/// Every link there is, for the sample pets.
private let allLinks: [DeepLink] = {
    var links: [DeepLink] = [.clinic, .pets, .clinicInfo, .openingHours, .learn, .startOver]
    links += pets.map { DeepLink.pet($0.id) }
    links += pets.map { DeepLink(page: .vaccinations($0.id))! }
    links += HowToCodeStep.allCases.map(DeepLink.howToCode)
    for pet in pets {
        links.append(.appointment(pet: pet.id, visit: nil, pain: nil))
        links.append(.appointment(pet: pet.id, visit: .well, pain: nil))
        links.append(.appointment(pet: pet.id, visit: .sick, pain: nil))
        links += PainLevel.allCases.map { DeepLink.appointment(pet: pet.id, visit: .sick, pain: $0) }
    }
    return links
}()

@Suite("Deep links")
struct DeepLinkTests {
    @Test("the documented forms parse")
    func forms() throws {
        #expect(try DeepLink.parse("raypets://learn/how-to-code/3", pets: pets) == .howToCode(.fiveHundredLines))
        #expect(try DeepLink.parse("raypets://clinic/pets/Whiskers", pets: pets) == .pet("whiskers"))
        #expect(
            try DeepLink.parse("raypets://clinic/appointment?pet=rex&visit=sick&pain=a-little", pets: pets)
                == .appointment(pet: "rex", visit: .sick, pain: .aLittle))
        #expect(try DeepLink.parse("RAYPETS://clinic/", pets: pets) == .clinic)
        #expect(try DeepLink.parse("raypets://clinic/pets/%52ex", pets: pets) == .pet("rex"))
        #expect(
            try DeepLink.parse("raypets://clinic/pets/Whiskers/vaccinations", pets: pets)
                == DeepLink(page: .vaccinations("whiskers")))
    }

    @Test("every link round-trips: link -> URI -> link", arguments: allLinks.map(\.uri))
    func roundTrip(uri: String) throws {
        let link = try DeepLink.parse(uri, pets: pets)
        #expect(link.uri == uri)
    }

    @Test(
        "bad links name what is wrong and list the valid forms",
        arguments: [
            ("https://clinic", "does not start with raypets://"),
            ("raypets://", "names no place"),
            ("raypets://zoo", "no page at \u{2068}/zoo\u{2069}"),
            ("raypets://clinic/pets/rexx", "no pet called “\u{2068}rexx\u{2069}”"),
            ("raypets://clinic/pets/rexx/vaccinations", "no pet called “\u{2068}rexx\u{2069}”"),
            ("raypets://clinic/pets/rex/vaccines", "no page at \u{2068}/clinic/pets/rex/vaccines\u{2069}"),
            ("raypets://clinic/pets/rex/vaccinations?x=1", "takes no query"),
            ("raypets://learn/how-to-code/5", "1 to 4"),
            ("raypets://learn/how-to-code/0", "1 to 4"),
            ("raypets://learn/how-to-code/two", "not “\u{2068}two\u{2069}”"),
            ("raypets://clinic/appointment", "needs pet=<name>"),
            ("raypets://clinic/appointment?pet=rex&visit=poorly", "visit must be well or sick"),
            ("raypets://clinic/appointment?pet=rex&visit=sick&pain=lots", "pain must be one of"),
            ("raypets://clinic/appointment?pet=rex&visit=well&pain=severe", "pain only goes with visit=sick"),
            ("raypets://clinic/appointment?pet=rex&colour=red", "unknown query \u{2068}colour\u{2069}"),
            ("raypets://clinic/appointment?pet=rex&pet=clover", "\u{2068}pet\u{2069} is given twice"),
            ("raypets://clinic/appointment?pet", "malformed query"),
            ("raypets://clinic/pets/%zz", "malformed %-escape"),
            ("raypets://clinic?x=1", "takes no query"),
        ])
    func badLinks(link: String, problem: String) {
        #expect(throws: DeepLinkError.self) { try DeepLink.parse(link, pets: pets) }
        do {
            _ = try DeepLink.parse(link, pets: pets)
        } catch {
            #expect(error.problem.contains(problem), "problem was: \(error.problem)")
            #expect(error.description.contains(link))
            #expect(error.description.contains("raypets://learn/how-to-code/<1-4>"), "the valid forms are listed")
        }
    }
}

@MainActor
@Suite("Route graph")
struct RouteGraphTests {
    /// Every navigation state a user can reach from launch with the sample pets.
    static func reachableStates() -> [NavigationModel] { NavigationModel.reachableStates(pets: pets) }

    @Test("every route is reachable from launch by user actions")
    func everyRouteReachable() {
        let states = Self.reachableStates()
        let shown = Set(states.map(\.shownRoute))
        var expected: Set<AppRoute> = [.home, .pets, .clinicInfo, .openingHours, .learn, .startOver, .petPicker]
        for pet in pets {
            expected.formUnion([
                .petDetail(pet.id), .vaccinations(pet.id), .visitType(pet: pet.id), .painLevel(pet: pet.id),
                .fakingIt(pet: pet.id), .noAppointmentRequired(pet: pet.id),
            ])
        }
        expected.formUnion(HowToCodeStep.allCases.map(AppRoute.howToCode))
        #expect(expected.subtracting(shown).isEmpty, "unreachable: \(expected.subtracting(shown))")
        #expect(states.count > 100, "the search explored \(states.count) states")
    }

    @Test("no dead ends: from every reachable state the user can get back to launch")
    func noDeadEnds() {
        let states = Self.reachableStates()
        let start = NavigationModel(pets: pets)
        for state in states {
            // Leave the dialog, then go Back on each tab until its root, as a user would
            // (discarding what a "Discard …?" question asks about).
            var state = state
            func leave(_ exit: UserAction) {
                state.apply(exit)
                while state.question != nil { state.apply(.answer(.discard)) }
            }
            if state.question != nil { state.apply(.answer(.keepEditing)) }
            if !state.dialog.isEmpty { leave(.cancel) }
            for tab in AppTab.allCases {
                state.apply(.switchTab(tab))
                while state.stacks[tab]!.count > 1 { leave(.back) }
            }
            state.apply(.switchTab(.clinic))
            // The pages Back took stay ahead for Forward, and an editor's changes on the shelf.
            #expect(NavigationPlace(state) == NavigationPlace(start))
        }
    }

    @Test(
        "every page a user can reach reads back from its token; one with a link of its own, from its link, over the pages below it"
    )
    func everyPageReadsBack() throws {
        var routes = Set(
            Self.reachableStates().flatMap { state in AppTab.allCases.flatMap { state.stacks[$0]! } + state.dialog })
        routes.insert(.appointmentRecord(pet: "rex", record: 7))
        var linked = 0
        for route in routes {
            #expect(AppRoute(token: route.token) == route, "\(route.token)")
            guard let link = DeepLink(page: route) else {
                #expect(route.link == nil, "\(route) has a link but no DeepLink")
                continue
            }
            linked += 1
            #expect(try DeepLink.parse(link.uri, pets: pets) == link)
            let target = link.routes
            #expect(target.stack.last == route && target.stack.first == target.tab.root && target.dialog.isEmpty)
            #expect(zip(target.stack, target.stack.dropFirst()).allSatisfy { $1.link?.below == $0 })
        }
        #expect(linked >= 8, "pages with a link of their own: \(linked)")
        #expect(DeepLink(page: .addPet) == nil && DeepLink(page: .editPet("rex")) == nil, "an editor has no link")
    }

    @Test("every link leads to a state a user could click their way to", arguments: allLinks.map(\.uri))
    func linksLeadToReachableStates(uri: String) throws {
        let link = try DeepLink.parse(uri, pets: pets)
        let target = link.routes
        let matches = Self.reachableStates().contains {
            $0.tab == target.tab && $0.stacks[target.tab] == target.stack && $0.dialog == target.dialog
        }
        #expect(matches, "\(uri) leads to \(target), which no clicks reach")
    }
}

@MainActor
@Suite("Opening deep links")
struct OpenDeepLinkTests {
    @Test("every link opens its page with the stacks a user's clicks would build", arguments: allLinks.map(\.uri))
    func opensEveryLink(uri: String) async throws {
        let app = AppHarness()
        let link = try DeepLink.parse(uri, pets: pets)
        #expect(await app.app.open(link))
        await app.settle()
        let target = link.routes
        #expect(app.tabs.selectedTab == target.tab)
        #expect(app.tabs.router(for: target.tab).routes == target.stack)
        #expect(app.dialogRouter.routes == target.dialog)
    }

    @Test("Back from the appointment link walks the path a user would have taken")
    func backFromAppointmentLink() async throws {
        let app = AppHarness()
        let link = try DeepLink.parse("raypets://clinic/appointment?pet=rex&visit=sick&pain=a-little", pets: pets)
        #expect(await app.app.open(link))
        #expect(app.dialogHost.title == "Faking it?")
        #expect(app.dialogHost.transitions.allSatisfy { $0 == .none }, "nothing animates on the way")
        for title in ["Pain level", "Visit type", "Which pet?"] {
            app.tapBack()
            #expect(app.dialogHost.title == title)
        }
        await app.choosePet(at: 1)
        #expect(app.dialogHost.topRoute == .visitType(pet: "whiskers"), "the flow still works after a link")
        await app.tapCancel()
        await app.answer(.discard)
        #expect(app.liveBeyondRoots == 0, "still alive: \(app.live.liveTypeNames)")
    }

    @Test("a link replaces where the user was: the old dialog and pages are dismissed once")
    func linkReplacesState() async throws {
        let app = AppHarness()
        app.tapMyPets()
        await app.choosePet(at: 2)
        app.tapBack()
        app.tapBack()
        app.tapSchedule()
        #expect(app.dialogHost.isOpen)
        #expect(await app.app.open(.howToCode(.goOut)))
        await app.settle()
        #expect(!app.dialogHost.isOpen)
        #expect(app.tabs.selectedTab == .learn)
        #expect(app.learnHost.pages.map(\.route) == [.learn, .howToCode(.wakeUp), .howToCode(.goOut)])
        app.tapBack()
        app.tapBack()
        app.dropForward()
        #expect(app.learn.children.isEmpty)
        #expect(app.home.children.isEmpty)
        #expect(app.liveBeyondRoots == 0, "still alive: \(app.live.liveTypeNames)")
    }
}
