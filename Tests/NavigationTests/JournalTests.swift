import Navigation
import NavigationTesting
import Testing

/// A value a control may carry that holds no user text: the journal records it.
struct Chosen: JournalValue {
    let id: Int
    var journalValue: String { "chosen-\(id)" }
}

/// A flow whose page has two controls, as an app's page has: one named, one not.
@MainActor
final class JournalFlow: FlowCoordinator<TestRoute> {
    var next: (@MainActor () -> Void)?
    var choose: (@MainActor (Chosen) -> Void)?
    var type: (@MainActor (String) -> Void)?

    override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = TitledModel("a")
        let id = router.present(.a, model: model, animated: animated, onDismissed: onDismissed)
        next = whenShown(id, model, named: "next") { flow, _ in flow.router.present(.b, model: TitledModel("b")) }
        choose = whenShown(id, model, value: Chosen.self, named: "choose") { _, _, _ in }
        type = whenShown(id, model, value: String.self) { _, _, _ in }
    }
}

@MainActor
@Suite("The navigation journal: what it records, its ring, its file")
struct JournalTests {
    @Test(
        "the inputs a replay makes: actions, intents, ignored intents, the host's requests, resizes, a window's focus"
    )
    func inputs() {
        let inputs: [NavigationEvent.Kind] = [
            .action("new-window"), .intent("add-pet", page: "pets", value: nil),
            .ignored("add-pet", page: "pets", value: nil), .host("back-from", page: "pets"), .resized(1200),
            .windowFocused,
        ]
        let caused: [NavigationEvent.Kind] = [
            .step("choose-pet", page: "pets", value: nil), .request("goBack", routes: [], reason: .back),
            .guardAsked(page: "editPet", reason: .back), .guardAnswered(page: "editPet", leaves: true),
            .stack(["home"]), .windowOpened, .windowClosed,
        ]
        #expect(inputs.allSatisfy { $0.isInput })
        #expect(!caused.contains { $0.isInput })
    }

    /// The kinds of `journal`'s events, without their times.
    func kinds(_ journal: NavigationJournal) -> [String] {
        journal.events.map { "\($0.window.map(String.init) ?? "-") \($0.router ?? "-") \($0.kind)" }
    }

    @Test(
        "a window's routers record its stacks, the user's Back, the request with its reason and the guard's answer, in order"
    )
    func recordsInOrder() async {
        let journal = NavigationJournal()
        let group = WindowGroup<TestWindow>(journal: journal)
        let window = TestWindow("first")
        group.add(window)
        window.stack.present(.a, model: TitledModel("a"))
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        window.stack.setLeaveGuard(probe.guard, for: window.stack.pages[1].id)
        window.stackHost.tapBack()
        await probe.answer(true)
        #expect(
            kinds(journal) == [
                "1 - window-opened",
                "1 router 2 stack root a",
                "1 router 2 host back",
                "1 router 2 request goBack back",
                "1 router 2 guard a back",
                "1 router 2 answer a leave",
                "1 router 2 stack root",
            ])
        #expect(journal.events.map(\.time) == journal.events.map(\.time).sorted(), "times only go forward")
    }

    @Test("a guard that keeps its page: its answer is stay, and no stack follows")
    func guardKeeps() {
        let journal = NavigationJournal()
        let (router, host) = makeStack()
        router.journalPlace = JournalPlace(journal: journal, window: nil, router: "main")
        router.present(.root, model: TitledModel("root"), animated: false, onDismissed: nil)
        router.present(.a, model: TitledModel("a"))
        journal.clear()
        router.setLeaveGuard({ _ in .stay }, for: router.pages[1].id)
        host.tapBack()
        #expect(
            kinds(journal) == [
                "- main host back", "- main request goBack back", "- main guard a back", "- main answer a stay",
            ])
        #expect(journal.recordedCount == 4)
    }

    @Test("changes from code name their routes: pop to, remove from, replace top, set stack, dismiss")
    func requestsFromCode() {
        let journal = NavigationJournal()
        let (router, _) = makeStack()
        router.journalPlace = JournalPlace(journal: journal, window: 2, router: "main")
        router.present(.root, model: TitledModel("root"), animated: false, onDismissed: nil)
        router.present(.a, model: TitledModel("a"))
        router.present(.b, model: TitledModel("b"))
        journal.clear()
        router.popTo(.a, animated: false)
        router.replaceTop(with: .c, model: TitledModel("c"), animated: false, onDismissed: nil)
        router.remove(from: router.pages[1].id, animated: false)
        router.setStack(
            [PageEntry(.root, model: TitledModel("root")), PageEntry(.b, model: TitledModel("b"))], animated: false)
        router.dismiss(animated: false)
        #expect(
            kinds(journal) == [
                "2 main request popTo code a", "2 main stack root a",
                "2 main request replaceTop code c", "2 main stack root c",
                "2 main request removeFrom code c", "2 main stack root",
                "2 main request setStack code root b", "2 main stack root b",
                "2 main request dismiss code", "2 main stack root",
            ])
    }

    @Test("windows opened, focused and closed are recorded with their numbers; numbers are never reused")
    func windows() {
        let journal = NavigationJournal()
        let group = WindowGroup<TestWindow>(journal: journal)
        let first = TestWindow("first")
        let second = TestWindow("second")
        group.add(first)
        group.add(second)
        group.focus(second)  // already the focused one: nothing to record
        group.focus(first)
        group.remove(second)
        let third = TestWindow("third")
        group.add(third)
        #expect(group.number(of: first) == 1)
        #expect(group.number(of: second) == nil, "removed")
        #expect(group.number(of: third) == 3)
        #expect(
            kinds(journal) == [
                "1 - window-opened", "2 - window-opened", "1 - window-focused", "2 router 2 stack", "2 - window-closed",
                "3 - window-opened",
            ])
        #expect(first.stack.journalPlace?.router == "router 2" && first.dialog.journalPlace?.router == "router 1")
    }

    @Test("intents are recorded by name (or where they were made), with a value only if it is a JournalValue")
    func intents() {
        let journal = NavigationJournal()
        let (router, _) = makeStack()
        router.journalPlace = JournalPlace(journal: journal, window: 1, router: "main")
        router.present(.root, model: TitledModel("root"), animated: false, onDismissed: nil)
        let flow = JournalFlow(router: router)
        flow.present(animated: false, onDismissed: nil)
        journal.clear()
        flow.choose?(Chosen(id: 7))
        flow.type?("what the user typed")
        flow.next?()
        flow.next?()  // the page is no longer shown: the intent does not run; the press is recorded
        let events = journal.events.map(\.kind)
        #expect(events.count == 5)
        #expect(events[0] == .intent("choose", page: "a", value: "chosen-7"))
        guard case .intent(let name, "a", nil) = events[1] else {
            Issue.record("the unnamed intent: \(events[1])")
            return
        }
        #expect(name.hasPrefix("NavigationTests/JournalTests.swift:"), "named where it was made: \(name)")
        #expect(!journal.export().contains("what the user typed"), "no user text in the journal")
        #expect(events[2] == .intent("next", page: "a", value: nil))
        #expect(events[3] == .stack(["root", "a", "b"]))
        #expect(events[4] == .ignored("next", page: "a", value: nil), "a press on a page not shown, dropped")
    }

    @Test("the ring keeps the last events: the oldest are forgotten, the count goes on")
    func ring() {
        let journal = NavigationJournal(capacity: 3)
        for index in 1...5 { journal.record(.action("action \(index)")) }
        #expect(journal.events.map(\.kind) == [.action("action 3"), .action("action 4"), .action("action 5")])
        #expect(journal.recordedCount == 5)
        journal.clear()
        #expect(journal.events.isEmpty && journal.recordedCount == 0)
        journal.record(.action("after"))
        #expect(journal.events.map(\.kind) == [.action("after")])
    }

    @Test(
        "a ring forgets only the oldest events: every event it keeps, routes and all, is the one a journal that forgets nothing has, through stacks that grow, shrink and are replaced, past its first 256 routes, and after clear()"
    )
    func ringKeepsRoutes() {
        // 5 events: routes are written over at once; 150: the routes of the events kept (up to
        // 12 a stack) outgrow the room a place starts with (256), after older ones were written
        // over, so they move; 10,000: nothing is forgotten (the reference).
        let journals = [5, 150, 10_000].map { NavigationJournal(capacity: $0) }
        let routers = journals.map { journal in
            let router = StackRouter(host: InMemoryHost<TestRoute>())
            router.journalPlace = JournalPlace(journal: journal, window: 1, router: "r")
            return router
        }
        func kinds(_ journal: NavigationJournal) -> [String] { journal.events.map { "\($0.router ?? "-") \($0.kind)" } }
        let routes: [TestRoute] = [.root, .a, .b, .c]
        var generator = SystemRandomNumberGenerator()
        var kept = 0
        var earlier: [String] = []
        for step in 0..<1_500 {
            let choice = Int.random(in: 0..<6, using: &generator)
            let depth = Int.random(in: 1...12, using: &generator)
            for router in routers {
                switch choice {
                case 0, 1: router.present(routes[step % 4], model: TitledModel("p"), animated: false, onDismissed: nil)
                case 2: router.dismiss(animated: false)
                case 3: _ = router.popTo(.root, animated: false)
                case 4:
                    _ = router.setStack(
                        (0..<depth).map { PageEntry(routes[$0 % 4], model: TitledModel("p")) }, animated: false)
                default: router.journalPlace?.record(.action("step \(step)"))
                }
            }
            if step == 700 {
                journals[0].clear()
                kept = journals[2].events.count
            }
            guard step % 25 == 0 || step == 700 else { continue }
            let all = kinds(journals[2])
            for (journal, expected) in [
                (journals[0], Array(all.dropFirst(kept).suffix(5))), (journals[1], Array(all.suffix(150))),
            ] {
                guard kinds(journal) == expected else {
                    Issue.record("step \(step), capacity \(journal.capacity): \(kinds(journal)) is not \(expected)")
                    return
                }
            }
            guard all.starts(with: earlier) else {
                Issue.record("step \(step): an earlier event changed: \(zip(all, earlier).first { $0 != $1 }!)")
                return
            }
            earlier = all
        }
        #expect(
            journals[2].events.contains { if case .stack(let routes) = $0.kind { routes.count >= 10 } else { false } })
    }

    @Test("a journal goes once nothing holds it: its events do not hold it through their routers' places")
    func journalIsFreed() {
        weak var gone: NavigationJournal?
        do {
            let journal = NavigationJournal()
            gone = journal
            let group = WindowGroup<TestWindow>(journal: journal)
            let window = TestWindow("first")
            group.add(window)
            window.stack.present(.a, model: TitledModel("a"))
            window.stack.journalPlace?.record(.action("x"))
            group.remove(window)
            #expect(!journal.events.isEmpty)
        }
        #expect(gone == nil, "the journal outlived its group and windows (a cycle through its events)")
    }

    @Test("observers hear of every event and of clear()")
    func observe() {
        let journal = NavigationJournal()
        var heard = 0
        let observation = journal.observe { heard += 1 }
        journal.record(.action("a"))
        journal.clear()
        observation.cancel()
        journal.record(.action("b"))
        #expect(heard == 2)
    }
}

@Suite("The journal's file")
struct JournalFileTests {
    static let every: [NavigationEvent] = [
        NavigationEvent(time: .microseconds(0), window: 1, kind: .windowOpened),
        NavigationEvent(time: .microseconds(5), window: 1, kind: .windowFocused),
        NavigationEvent(time: .microseconds(10), window: 1, router: "pets", kind: .action("new-window")),
        NavigationEvent(
            time: .microseconds(20), window: 1, router: "pets", kind: .intent("select", page: "pets", value: "3")),
        NavigationEvent(
            time: .microseconds(21), window: 1, router: "pets", kind: .intent("add", page: "pets", value: nil)),
        NavigationEvent(
            time: .microseconds(23), window: 1, router: "pets", kind: .step("choose", page: "pets", value: "rex")),
        NavigationEvent(
            time: .microseconds(24), window: 1, router: "pets", kind: .ignored("add", page: "pets", value: nil)),
        NavigationEvent(time: .microseconds(22), window: 1, router: "pets", kind: .intent("", page: "pets", value: "")),
        NavigationEvent(time: .microseconds(30), window: 1, router: "pets", kind: .host("back", page: nil)),
        NavigationEvent(time: .microseconds(31), window: 1, router: "pets", kind: .host("back-to", page: "home")),
        NavigationEvent(time: .microseconds(32), window: 1, router: "pets", kind: .resized(1200)),
        NavigationEvent(
            time: .microseconds(40), window: 1, router: "pets", kind: .request("goBack", routes: [], reason: .back)),
        NavigationEvent(
            time: .microseconds(41), window: 1, router: "pets",
            kind: .request("setStack", routes: ["home", "pets"], reason: .link)),
        NavigationEvent(
            time: .microseconds(50), window: 1, router: "pets", kind: .guardAsked(page: "edit(3)", reason: .close)),
        NavigationEvent(
            time: .microseconds(51), window: 1, router: "pets", kind: .guardAnswered(page: "edit(3)", leaves: false)),
        NavigationEvent(time: .microseconds(60), window: 1, router: "pets", kind: .stack([])),
        NavigationEvent(
            time: .microseconds(61), window: 1, router: "pets", kind: .stack(["-", "a\tb", "c\\d", "e\nf\rg", "\\-"])),
        NavigationEvent(time: .microseconds(70), window: nil, router: "-", kind: .windowClosed),
        NavigationEvent(time: .microseconds(80), window: 2, router: nil, kind: .windowClosed),
    ]

    @Test("every kind of event, with tabs, newlines, backslashes and dashes in its fields, reads back as written")
    func roundTrip() throws {
        let text = JournalFile.text(of: Self.every)
        #expect(text.hasPrefix("navigation-journal 1\n"))
        #expect(text.split(separator: "\n").count == Self.every.count + 1, "one line per event")
        #expect(try JournalFile.events(in: text) == Self.every)
    }

    @Test("the documented example reads")
    func documentedExample() throws {
        let text =
            "navigation-journal 1\n1250\t1\tpets\tintent\tselect\tpets\t3\n# a comment\n\n1311\t1\tpets\trequest\tremoveFrom\tcode\tpetDetail(2)\n1409\t1\tpets\tstack\thome\tpets\tpetDetail(3)\n"
        let events = try JournalFile.events(in: text)
        #expect(
            events.map(\.kind) == [
                .intent("select", page: "pets", value: "3"),
                .request("removeFrom", routes: ["petDetail(2)"], reason: .code),
                .stack(["home", "pets", "petDetail(3)"]),
            ])
        #expect(events[0].time == .microseconds(1250) && events[0].window == 1 && events[0].router == "pets")
    }

    @Test("what is not a journal is refused with its line and a clear message")
    func refusals() {
        let cases: [(String, Int, String)] = [
            ("", 1, "not a navigation journal"),
            ("a recipe\n", 1, "not a navigation journal"),
            ("navigation-journal 2\n", 1, "version 2 is not one this library reads (1 to 1)"),
            ("navigation-journal 1\n0\t1\tr\tdance\n", 2, "unknown event kind \"dance\""),
            ("navigation-journal 1\n0\t1\tr\n", 2, "an event needs a time, a window, a router and a kind"),
            ("navigation-journal 1\nsoon\t1\tr\tstack\n", 2, "is not a whole number of microseconds"),
            ("navigation-journal 1\n-4\t1\tr\tstack\n", 2, "is not a whole number of microseconds"),
            ("navigation-journal 1\n0\tfirst\tr\tstack\n", 2, "the window \"first\" is not a number or -"),
            ("navigation-journal 1\n0\t1\tr\twindow-opened\textra\n", 2, "window-opened takes 0 field(s), not 1"),
            ("navigation-journal 1\n\n0\t1\tr\tintent\tx\n", 3, "intent takes 2 or 3 field(s), not 1"),
            ("navigation-journal 1\n0\t1\tr\trequest\tgoBack\tsideways\n", 2, "unknown reason \"sideways\""),
            ("navigation-journal 1\n0\t1\tr\tanswer\tp\tmaybe\n", 2, "an answer is leave, keep or stay, not \"maybe\""),
            ("navigation-journal 1\n0\t1\tr\tresized\twide\n", 2, "the width \"wide\" is not a number of pixels"),
            ("navigation-journal 1\n0\t1\tr\tstack\ta\\qb\n", 2, "a backslash must be followed by"),
        ]
        for (text, line, message) in cases {
            do {
                let events = try JournalFile.events(in: text)
                Issue.record("\(text.debugDescription) was read: \(events)")
            } catch {
                #expect(error.line == line, "\(text.debugDescription): \(error)")
                #expect(error.message.contains(message), "\(text.debugDescription): \(error)")
            }
        }
    }
}
