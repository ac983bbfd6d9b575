import Navigation
import NavigationTesting
import Testing

/// A page model that hands a number to its flow.
@MainActor
private final class NumberModel: PageModel {
    let title = "Number"
    var onChoose: (@MainActor (Int) -> Void)?
}

/// A dialog flow that sends the number chosen and ends.
@MainActor
private final class NumberFlow: FlowCoordinator<TestRoute>, ResultCoordinator {
    let results = ResultChannel<Int>()
    override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = NumberModel()
        let id = router.present(.c, model: model, animated: animated, onDismissed: onDismissed)
        model.onChoose = whenShown(id, model, value: Int.self) { flow, _, number in
            flow.results.send(number)
            flow.finish(animated: false)
        }
    }
}

/// Waits for a number from a dialog, then shows a page for it.
@MainActor
private final class AskingFlow: FlowCoordinator<TestRoute> {
    let dialogs: any Router<TestRoute>
    init(router: any Router<TestRoute>, dialogs: any Router<TestRoute>) {
        self.dialogs = dialogs
        super.init(router: router)
    }
    override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        router.present(.a, model: TitledModel("Ask"), animated: animated, onDismissed: onDismissed)
        let numbers = coordinate(to: NumberFlow(router: dialogs), animated: false)
        Task.immediate { [weak self] in
            guard let number = await numbers.next() else { return }
            self?.router.present(.b, model: TitledModel("\(number)"), animated: false, onDismissed: nil)
        }
    }
}

@MainActor
@Suite("settle: waiting until the flow work a test started has settled")
struct SettleTests {
    @Test("a child's result reaches its parent a few turns later; settle waits for it")
    func resultLands() async {
        let (router, host) = makeStack()
        let (dialogs, dialogHost) = makeModal()
        let flow = AskingFlow(router: router, dialogs: dialogs)
        flow.present(animated: false, onDismissed: nil)
        dialogHost.topModel(as: NumberModel.self)?.onChoose?(4)
        #expect(router.routes == [.a], "not yet: the parent resumes on a later turn")
        await settle()
        #expect(router.routes == [.a, .b])
        #expect(host.title == "4")
        #expect(!dialogHost.isOpen)
    }

    @Test("a question waiting for its answer counts as settled")
    func openQuestionIsSettled() async {
        let (router, host) = makeStack()
        router.present(.root, model: TitledModel("Root"))
        let page = router.present(.a, model: TitledModel("A"))
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        router.setLeaveGuard(probe.guard, for: page)
        host.tapBack()
        await host.settle()
        #expect(probe.isAsking)
        #expect(router.routes == [.root, .a])
    }

    /// Back while a question is open waits; once the question is answered, it is made on a
    /// later turn (a task the router starts), and what Back sets off after that too.
    @Test("a request that waited behind a question is made before settle returns")
    func waitingRequestIsMade() async {
        let (router, host) = makeStack()
        router.present(.root, model: TitledModel("Root"))
        router.present(.a, model: TitledModel("A"))
        let page = router.present(.b, model: TitledModel("B"))
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        router.setLeaveGuard(probe.guard, for: page)
        host.tapBack()
        host.tapBack()  // waits for the question
        #expect(probe.isAsking)
        await probe.answer(true)
        #expect(router.routes == [.root], "the answer let B go, then the waiting Back popped A")
    }

    @Test("answer(_:) returns once the code awaiting the request has run")
    func answerRunsTheAwaitingCode() async {
        let (router, _) = makeStack()
        router.present(.root, model: TitledModel("Root"))
        let page = router.present(.a, model: TitledModel("A"))
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        router.setLeaveGuard(probe.guard, for: page)
        var made: Bool?
        Task.immediate { made = await router.request(.goBack, reason: .back, animated: false) }
        #expect(probe.isAsking && made == nil)
        await probe.answer(false)
        #expect(made == false)
        #expect(router.routes == [.root, .a])
    }
}
