import Navigation
import NavigationTesting
import Testing

/// A two-page flow on any router.
@MainActor
final class TwoPageFlow: Coordinator {
    var children: [any Coordinator] = []
    let router: any Router<TestRoute>
    init(router: any Router<TestRoute>) { self.router = router }
    func present(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        router.present(.a, model: TitledModel("A"), animated: animated, onDismissed: onDismissed)
        router.present(.b, model: TitledModel("B"), animated: animated, onDismissed: nil)
    }
}

/// A parent that starts `TwoPageFlow`s.
@MainActor
final class ParentFlow: Coordinator {
    var children: [any Coordinator] = []
    let router: any Router<TestRoute>
    init(router: any Router<TestRoute>) { self.router = router }
    func present(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        router.present(.root, model: TitledModel("Root"), animated: animated, onDismissed: onDismissed)
    }
}

@MainActor
@Suite("Coordinator")
struct CoordinatorTests {
    @Test("presentChild keeps the child while it runs and removes it when its flow is dismissed")
    func childRemovedOnDismiss() {
        let (router, _) = makeStack()
        let parent = ParentFlow(router: router)
        parent.present(animated: false, onDismissed: nil)
        let live = LiveObjects()
        var finished = 0
        do {
            let child = TwoPageFlow(router: router)
            live.track(child)
            parent.presentChild(child, animated: true) { finished += 1 }
        }
        #expect(parent.children.count == 1)
        #expect(live.liveCount == 1)
        parent.children[0].dismiss(animated: true)
        #expect(parent.children.isEmpty)
        #expect(finished == 1)
        #expect(live.liveCount == 0, "the finished child must be freed")
    }

    @Test("going Back out of a child's first page removes the child")
    func childRemovedOnBack() {
        let (router, host) = makeStack()
        let parent = ParentFlow(router: router)
        parent.present(animated: false, onDismissed: nil)
        var finished = 0
        parent.presentChild(TwoPageFlow(router: router), animated: true) { finished += 1 }
        host.tapBack()
        #expect(parent.children.count == 1, "still on the child's first page")
        host.tapBack()
        #expect(parent.children.isEmpty)
        #expect(finished == 1)
    }

    @Test("a child in a modal is removed on Cancel and on window close")
    func modalChildRemoved() {
        let (stack, _) = makeStack()
        let (modal, modalHost) = makeModal()
        let parent = ParentFlow(router: stack)
        parent.present(animated: false, onDismissed: nil)
        parent.presentChild(TwoPageFlow(router: modal), animated: true)
        modalHost.tapClose()
        #expect(parent.children.isEmpty)
        parent.presentChild(TwoPageFlow(router: modal), animated: true)
        modalHost.closeWindow()
        #expect(parent.children.isEmpty)
    }

    @Test("a parent freed while its child runs does not crash when the child ends")
    func parentGoneFirst() {
        let (router, host) = makeStack()
        router.present(.root, model: TitledModel("Root"))
        var parent: ParentFlow? = ParentFlow(router: router)
        parent?.presentChild(TwoPageFlow(router: router), animated: true)
        parent = nil
        host.tapBack()
        host.tapBack()
        #expect(router.routes == [.root])
    }

    @Test("the recording router records calls and keeps a real stack")
    func recordingRouter() {
        let router = RecordingRouter<TestRoute>()
        let flow = TwoPageFlow(router: router)
        var finished = 0
        router.present(.root, model: TitledModel("Root"))
        flow.present(animated: true) { finished += 1 }
        flow.dismiss(animated: true)
        #expect(router.presentedRoutes == [.root, .a, .b])
        #expect(router.calls.last == .dismiss(animated: true))
        #expect(finished == 1)
        #expect(router.routes == [.root])
    }
}
