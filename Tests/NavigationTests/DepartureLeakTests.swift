import Navigation
import NavigationTesting
import Testing

/// A page model that keeps its intent.
@MainActor
private final class StepModel: PageModel {
    let title = "Step"
    var onNext: (@MainActor () -> Void)?
}

/// A one-page flow; `capturesModel` writes the intent the way that leaks: the closure stored in
/// the model captures the model.
@MainActor
private final class StepFlow: FlowCoordinator<TestRoute> {
    let capturesModel: Bool
    var nextCount = 0

    init(router: any Router<TestRoute>, capturesModel: Bool) {
        self.capturesModel = capturesModel
        super.init(router: router)
    }

    override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = StepModel()
        let id = router.present(.a, model: model, animated: animated, onDismissed: onDismissed)
        if capturesModel {
            model.onNext = whenShown(id, model) { flow, _ in flow.nextCount += model.title.count }
        } else {
            model.onNext = whenShown(id, model) { flow, model in flow.nextCount += model.title.count }
        }
    }
}

@MainActor
@Suite("Leaks found by the hosts: what a page brought is gone once it left")
struct DepartureLeakTests {
    @Test("a page model that captures itself is named, with its page's route, once its page left")
    func capturedModelIsNamed() {
        let (router, host) = makeStack()
        router.present(.root, model: TitledModel("Root"))
        weak var leaked: StepModel?
        do {
            let parent = StepFlow(router: router, capturesModel: true)
            parent.present(animated: false, onDismissed: nil)
            leaked = router.topPage?.model as? StepModel
            router.goBack(animated: false)
        }
        let survivors = host.survivors()
        #expect(survivors.count == 1)
        #expect(survivors.first?.hasSuffix("a left, but its StepModel is still alive") == true)
        #expect(host.survivors().isEmpty, "each page is checked once")
        leaked?.onNext = nil  // breaks the cycle the test made on purpose (LeakSanitizer would see it)
        #expect(leaked == nil)
    }

    @Test("the model handed to the intent leaves nothing behind")
    func handedModelIsFreed() {
        let (router, host) = makeStack()
        router.present(.root, model: TitledModel("Root"))
        do {
            let flow = StepFlow(router: router, capturesModel: false)
            flow.present(animated: false, onDismissed: nil)
            (router.topPage?.model as? StepModel)?.onNext?()
            #expect(flow.nextCount == 4)
            router.goBack(animated: false)
        }
        #expect(host.survivors().isEmpty)
    }

    @Test("a flow is registered with its first page: a flow kept after its page left is named")
    func keptFlowIsNamed() {
        let (router, host) = makeStack()
        router.present(.root, model: TitledModel("Root"))
        let kept = StepFlow(router: router, capturesModel: false)
        kept.present(animated: false, onDismissed: nil)
        router.goBack(animated: false)
        #expect(host.survivors().map { $0.hasSuffix("a left, but its StepFlow is still alive") } == [true])
        _ = kept
    }

    @Test("anything registered with a page is checked: an object alive after the page left is named")
    func registeredObjectIsNamed() {
        let (router, host) = makeStack()
        router.present(.root, model: TitledModel("Root"))
        let page = router.present(.b, model: TitledModel("B"))
        let service = DismissCounter()
        router.register(service, broughtBy: page)
        router.goBack(animated: false)
        #expect(host.survivors().map { $0.hasSuffix("b left, but its DismissCounter is still alive") } == [true])
        _ = service
    }

    @Test("pages still on the stack are not reported")
    func pagesOnStackAreNotReported() {
        let (router, host) = makeStack()
        let model = TitledModel("Root")
        router.present(.root, model: model)
        router.present(.a, model: TitledModel("A"))
        #expect(host.survivors().isEmpty)
        _ = model
    }

    @Test("a flow's pages are checked when the flow finishes")
    func finishedFlowPagesAreChecked() {
        let (router, host) = makeStack()
        router.present(.root, model: TitledModel("Root"))
        let kept = DismissCounter()
        do {
            let flow = StepFlow(router: router, capturesModel: false)
            flow.present(animated: false, onDismissed: nil)
            let above = router.present(.b, model: TitledModel("B"))
            router.register(kept, broughtBy: above)
            flow.finish(animated: false)
        }
        #expect(router.routes == [.root])
        #expect(host.survivors().map { $0.hasSuffix("b left, but its DismissCounter is still alive") } == [true])
        _ = kept
    }

    @Test("pages still shown when their router goes away are checked, its root page too")
    func routerGonePagesAreChecked() {
        let host = InMemoryHost<TestRoute>()
        let kept = DismissCounter()
        do {
            let router = StackRouter(host: host)
            let root = router.present(.root, model: TitledModel("Root"))
            router.register(kept, broughtBy: root)
            router.present(.a, model: TitledModel("A"))
        }
        #expect(host.pages.isEmpty, "with its router gone the host shows nothing")
        #expect(host.survivors().map { $0.hasSuffix("root left, but its DismissCounter is still alive") } == [true])
        _ = kept
    }

    @Test("pages of a window closed from outside are checked")
    func closedWindowPagesAreChecked() {
        let (router, host) = makeStack()
        let kept = DismissCounter()
        let root = router.present(.root, model: TitledModel("Root"))
        router.register(kept, broughtBy: root)
        host.closeWindow()
        #expect(host.survivors().map { $0.hasSuffix("root left, but its DismissCounter is still alive") } == [true])
        _ = kept
    }

    @Test("pages still shown when the host goes away at the end of a test are checked")
    func hostGonePagesAreChecked() {
        let kept = DismissCounter()
        var reported: [String] = []
        LeakReportObserver.current = { reported.append($0) }
        defer { LeakReportObserver.current = nil }
        do {
            let host = InMemoryHost<TestRoute>()
            let page = Page<TestRoute>(route: .a, model: TitledModel("A"))
            host.show([page], transition: .none)
            host.register(kept, broughtBy: page.id)
        }
        #expect(reported.map { $0.hasSuffix("a left, but its DismissCounter is still alive") } == [true])
        _ = kept
    }

    @Test("pages a leave question is still open about when their router goes away are not checked")
    func abandonedQuestionPagesAreNotChecked() async {
        let host = InMemoryHost<TestRoute>()
        let kept = DismissCounter()
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        do {
            let router = StackRouter(host: host)
            router.present(.root, model: TitledModel("Root"))
            let page = router.present(.a, model: TitledModel("A"))
            router.register(kept, broughtBy: page)
            router.setLeaveGuard(probe.guard, for: page)
            host.tapBack()
            await host.settle()
            #expect(probe.isAsking)
        }
        #expect(host.survivors().isEmpty)
        _ = kept
    }
}
