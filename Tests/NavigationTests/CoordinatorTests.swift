import Navigation
import NavigationTesting
import Testing

/// A two-page flow on any router.
@MainActor
final class TwoPageFlow: FlowCoordinator<TestRoute> {
    /// Intents that reached the flow through `whenShown`.
    var intents: [String] = []
    private(set) var pageIDs: [PageID] = []
    override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        pageIDs.append(router.present(.a, model: TitledModel("A"), animated: animated, onDismissed: onDismissed))
        pageIDs.append(router.present(.b, model: TitledModel("B"), animated: animated, onDismissed: nil))
    }
    /// What page `index`'s intent does.
    func intent(onPage index: Int) -> @MainActor (String) -> Void {
        let model = router.pages.first { $0.id == pageIDs[index] }!.model
        return whenShown(pageIDs[index], model, value: String.self) { flow, _, value in flow.intents.append(value) }
    }
}

/// A parent that starts `TwoPageFlow`s.
@MainActor
final class ParentFlow: FlowCoordinator<TestRoute> {
    override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
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

    @Test("a child in a dialog is removed on Cancel and on window close")
    func modalChildRemoved() {
        let (stack, _) = makeStack()
        let (dialog, dialogHost) = makeModal()
        let parent = ParentFlow(router: stack)
        parent.present(animated: false, onDismissed: nil)
        parent.presentChild(TwoPageFlow(router: dialog), animated: true)
        dialogHost.tapClose()
        #expect(parent.children.isEmpty)
        parent.presentChild(TwoPageFlow(router: dialog), animated: true)
        dialogHost.closeWindow()
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
        let first = router.pages[1].id
        flow.dismiss(animated: true)
        #expect(router.presentedRoutes == [.root, .a, .b])
        #expect(router.calls.last == .remove(from: first, animated: true))
        #expect(finished == 1)
        #expect(router.routes == [.root])
    }

    @Test("dismissing a flow removes its own pages only, on a stack it shares with other flows")
    func dismissIsScoped() {
        let (router, _) = makeStack()
        let parent = ParentFlow(router: router)
        parent.present(animated: false, onDismissed: nil)
        var finished: [String] = []
        let below = TwoPageFlow(router: router)
        parent.presentChild(below, animated: true) { finished.append("below") }
        let above = TwoPageFlow(router: router)
        parent.presentChild(above, animated: true) { finished.append("above") }
        #expect(router.routes == [.root, .a, .b, .a, .b])
        above.dismiss(animated: true)
        #expect(router.routes == [.root, .a, .b], "the flow below keeps its pages")
        #expect(finished == ["above"])
        #expect(parent.children.count == 1 && parent.children[0] === below)
        above.dismiss(animated: true)
        #expect(router.routes == [.root, .a, .b], "dismissing a flow twice changes nothing")
        below.dismiss(animated: true)
        #expect(router.routes == [.root])
        #expect(finished == ["above", "below"])
    }

    @Test("whenVisible runs a page's intent only while the page is visible and the flow alive")
    func whenVisibleGuards() {
        let (router, host) = makeStack()
        router.present(.root, model: TitledModel("Root"))
        var flow: TwoPageFlow? = TwoPageFlow(router: router)
        flow?.present(animated: false, onDismissed: nil)
        let onFirst = flow!.intent(onPage: 0)
        let onTop = flow!.intent(onPage: 1)
        onFirst("covered")
        onTop("top")
        #expect(flow?.intents == ["top"], "an intent of a page under the top one does nothing")
        host.tapBack()
        onFirst("first")
        onTop("gone")
        #expect(flow?.intents == ["top", "first"])
        flow = nil
        onFirst("after the flow is gone")  // must not crash
    }
}
