import Navigation
import NavigationTesting
import Testing

/// A tiny app for replays: one window whose stack starts `JournalFlow`; a guard on its page `b`
/// that asks, answered by `answers` in order (as a person answers its question).
@MainActor
final class ReplayApp {
    let journal = NavigationJournal()
    let group: WindowGroup<TestWindow>
    let window = TestWindow("main")
    let flow: JournalFlow
    var answers: [Bool]

    init(answers: [Bool]) {
        self.answers = answers
        group = WindowGroup(journal: journal)
        group.add(window)
        flow = JournalFlow(router: window.stack)
        flow.present(animated: false, onDismissed: nil)
    }

    /// Makes a recorded input as a user would: the controls of the shown page, Back.
    func perform(_ event: NavigationEvent) async throws {
        switch event.kind {
        case .intent("next", _, _):
            flow.next?()
            guard let b = window.stack.pages.last, b.route == .b else { return }
            window.stack.setLeaveGuard(
                { [weak self] _ in .ask { [weak self] in self?.answers.removeFirst() ?? true } }, for: b.id)
        case .intent("choose", _, let value?):
            flow.choose?(Chosen(id: Int(value.dropFirst("chosen-".count)) ?? -1))
        case .host("back", _):
            window.stackHost.tapBack()
        default:
            throw JournalReplayError(description: "no way to make \(event)")
        }
    }
}

@MainActor
@Suite("Replaying a journal: the first place it differs")
struct JournalReplayTests {
    /// A session: choose, next, Back (kept: the user keeps the page), Back (it leaves).
    func session(_ app: ReplayApp) async throws {
        for input: NavigationEvent.Kind in [
            .intent("choose", page: "a", value: "chosen-4"), .intent("next", page: "a", value: nil),
            .host("back", page: nil), .host("back", page: nil),
        ] {
            try await app.perform(NavigationEvent(kind: input))
        }
    }

    @Test("a journal exported from a session replays on a fresh app with no difference")
    func sameApp() async throws {
        let recording = ReplayApp(answers: [false, true])
        try await session(recording)
        let file = recording.journal.export()
        #expect(file.contains("\tanswer\tb\tstay") && file.contains("\tanswer\tb\tleave"), "the session asked twice")
        let replay = try JournalReplay(file: file)
        #expect(replay.inputs.count == 4)
        let fresh = ReplayApp(answers: [false, true])
        let divergence = try await replay.run(into: fresh.journal, perform: fresh.perform)
        #expect(divergence == nil, "\(divergence.map { "\($0)" } ?? "")")
    }

    @Test("an app that behaves otherwise differs after the input that set it off, and the report says where")
    func differentApp() async throws {
        let recording = ReplayApp(answers: [false, true])
        try await session(recording)
        let replay = try JournalReplay(file: recording.journal.export())
        let other = ReplayApp(answers: [true, true])  // the first Back is not kept this time
        let divergence = try #require(try await replay.run(into: other.journal, perform: other.perform))
        #expect(divergence.inputNumber == 3 && divergence.inputCount == 4)
        #expect(divergence.recorded[divergence.index].kind == .guardAnswered(page: "b", leaves: false))
        #expect(divergence.replayed[divergence.index].kind == .guardAnswered(page: "b", leaves: true))
        let report = "\(divergence)"
        #expect(report.contains("after input 3 of 4, 1 router 2 host back"), "\(report)")
        #expect(report.contains("recorded: 1 router 2 answer b stay"), "\(report)")
        #expect(report.contains("replayed: 1 router 2 answer b leave"), "\(report)")
    }

    @Test("an input the app cannot make ends the replay with the app's error")
    func unknownInput() async throws {
        let replay = JournalReplay([
            NavigationEvent(window: 1, router: "router 2", kind: .intent("fly", page: "a", value: nil))
        ])
        let app = ReplayApp(answers: [])
        app.journal.clear()
        await #expect(throws: JournalReplayError.self) { try await replay.run(into: app.journal, perform: app.perform) }
    }

    @Test("a journal that starts mid-way (its ring forgot the start) differs at start-up")
    func startsMidway() async throws {
        let recording = ReplayApp(answers: [false, true])
        try await session(recording)
        let replay = JournalReplay(Array(recording.journal.events.dropFirst(3)))
        let fresh = ReplayApp(answers: [false, true])
        let divergence = try #require(try await replay.run(into: fresh.journal, perform: fresh.perform))
        #expect(divergence.inputNumber == 0)
        #expect("\(divergence)".contains("at start-up, before the first input"))
    }

    @Test("times are not compared; windows, routers and kinds are")
    func comparison() {
        let a = NavigationEvent(time: .seconds(1), window: 1, router: "r", kind: .stack(["a"]))
        let laterA = NavigationEvent(time: .seconds(9), window: 1, router: "r", kind: .stack(["a"]))
        #expect(JournalReplay.firstDifference([a], [laterA]) == nil)
        #expect(JournalReplay.firstDifference([a], [NavigationEvent(window: 2, router: "r", kind: .stack(["a"]))]) == 0)
        #expect(JournalReplay.firstDifference([a], [NavigationEvent(window: 1, router: "s", kind: .stack(["a"]))]) == 0)
        #expect(JournalReplay.firstDifference([a, a], [laterA]) == 1, "a missing event")
        #expect(JournalReplay.firstDifference([a], [a, a]) == 1, "an extra event")
    }
}
