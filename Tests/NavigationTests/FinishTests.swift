import Navigation
import NavigationTesting
import Testing

/// A one-page flow whose guard asks whenever it would end.
@MainActor
private final class FormFlow: FlowCoordinator<TestRoute> {
    let probe = ScriptedLeaveGuard<TestRoute>(decision: .ask)

    override init(router: any Router<TestRoute>) {
        super.init(router: router)
        leaveGuard = probe.guard
    }

    override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        router.present(.a, model: TitledModel("Form"), animated: animated, onDismissed: onDismissed)
    }
}

@MainActor
@Suite("Saving leaves without asking: finish(animated:)")
struct FinishTests {
    @Test("finish ends the flow without asking its own guard; dismiss asks")
    func finishDoesNotAsk() {
        let (router, _) = makeStack()
        router.present(.root, model: TitledModel("Root"))
        let flow = FormFlow(router: router)
        flow.present(animated: false, onDismissed: nil)
        flow.dismiss(animated: false)
        #expect(flow.probe.requests.count == 1, "dismiss asks the flow's guard")
        #expect(router.routes == [.root, .a], "waiting for the answer")
        let (router2, _) = makeStack()
        router2.present(.root, model: TitledModel("Root"))
        let saved = FormFlow(router: router2)
        saved.present(animated: false, onDismissed: nil)
        saved.finish(animated: false)
        #expect(saved.probe.requests.isEmpty, "finish does not ask")
        #expect(router2.routes == [.root], "the flow's page left at once")
    }

    @Test("round 3, row 14: the journal of a finish records no guard for the flow's page, which was never asked")
    func finishJournalsNoGuard() {
        let (router, _) = makeStack()
        let journal = NavigationJournal()
        router.journalPlace = JournalPlace(journal: journal, window: nil, router: "main")
        router.present(.root, model: TitledModel("Root"))
        let saved = FormFlow(router: router)
        saved.present(animated: false, onDismissed: nil)
        saved.finish(animated: false)
        #expect(router.routes == [.root])
        let guards = journal.events.filter {
            if case .guardAsked = $0.kind { return true }
            if case .guardAnswered = $0.kind { return true }
            return false
        }
        #expect(guards.isEmpty, "\(guards.map(\.kind))")
        // dismiss asks it, and the journal says so
        let again = FormFlow(router: router)
        again.present(animated: false, onDismissed: nil)
        again.dismiss(animated: false)
        #expect(journal.events.contains { if case .guardAsked = $0.kind { true } else { false } })
    }

    @Test("a guard above the flow still asked by finish; if it keeps its page, the flow's guard is back")
    func finishAsksOthers() async {
        let (router, _) = makeStack()
        router.present(.root, model: TitledModel("Root"))
        let flow = FormFlow(router: router)
        flow.present(animated: false, onDismissed: nil)
        let above = router.present(.b, model: TitledModel("Editor"))
        let editor = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        router.setLeaveGuard(editor.guard, for: above)
        flow.finish(animated: false)
        #expect(editor.isAsking)
        #expect(flow.probe.requests.isEmpty)
        await editor.answer(false)
        for _ in 0..<4 { await Task.yield() }
        #expect(router.routes == [.root, .a, .b], "kept")
        router.goBack(animated: false)
        await editor.answer(true)
        flow.dismiss(animated: false)
        #expect(flow.probe.requests.count == 1, "the flow's own guard asks again after the refused finish")
    }
}
