import Navigation
import NavigationTesting
import Testing

/// A one-page child flow that sends strings and is dismissed or finished by its parent's test.
@MainActor
private final class Sender: FlowCoordinator<TestRoute>, ResultCoordinator {
    let results = ResultChannel<String>()
    override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        router.present(.a, model: TitledModel("Send"), animated: animated, onDismissed: onDismissed)
    }
}

/// A child flow started by a parent on a dialog router.
@MainActor
private struct Started {
    let router: ModalRouter<TestRoute>
    let host: InMemoryHost<TestRoute>
    let parent: ParentFlow
    let child: Sender
    let results: ChildResults<String>

    init() {
        (router, host) = makeModal()
        parent = ParentFlow(router: router)
        child = Sender(router: router)
        results = parent.coordinate(to: child, animated: false)
    }
}

/// One test per rule of `ResultChannel`'s documentation, named with the rule's words
/// (`scripts/check-docs` checks the two lists are the same).
@MainActor
@Suite("ResultChannel: what happens to a value")
struct ResultChannelTests {
    @Test("A value sent while the parent waits reaches it at once.")
    func waitingParentGetsValue() async {
        let flow = Started()
        let task = Task.immediate { await flow.results.next() }
        await flow.host.settle()
        flow.child.results.send("rex")
        #expect(await task.value == "rex")
    }

    @Test(
        "A value sent before the parent asks is kept until it asks, even if the flow ends or the child goes away first: the parent gets the value, then `nil`."
    )
    func keptAcrossTheEnd() async {
        let flow = Started()
        flow.child.results.send("rex")
        flow.child.finish(animated: false)  // Save, then the flow ends: the usual order
        #expect(flow.parent.children.isEmpty, "the child is gone")
        #expect(await flow.results.next() == "rex")
        #expect(await flow.results.next() == nil)

        let alone = ResultChannel<String>()
        let values = alone.values
        alone.send("kept")
        #expect(await values.next() == "kept", "kept before the first ask, flow still open")
    }

    @Test("One value is kept at a time: a value sent while another is kept is dropped.")
    func oneKept() async {
        let flow = Started()
        flow.child.results.send("first")
        flow.child.results.send("second")
        #expect(await flow.results.next() == "first")
        let task = Task.immediate { await flow.results.next() }
        await flow.host.settle()
        flow.child.results.send("third")
        #expect(await task.value == "third", "\"second\" was never kept")
    }

    @Test(
        "A value sent while the parent handles the previous one (it has not asked again) is dropped, so a double click cannot start the parent's next step twice."
    )
    func doubleClickDropped() async {
        let flow = Started()
        let first = Task.immediate { await flow.results.next() }
        await flow.host.settle()
        flow.child.results.send("click")
        flow.child.results.send("double click")
        #expect(await first.value == "click")
        let next = Task.immediate { await flow.results.next() }
        await flow.host.settle()
        flow.child.results.send("later")
        #expect(await next.value == "later", "the double click was dropped, not kept")
    }

    @Test(
        "When the flow ends, a waiting parent gets `nil`, and so does every later ask once any kept value is taken."
    )
    func endGivesNil() async {
        let flow = Started()
        let task = Task.immediate { await flow.results.next() }
        await flow.host.settle()
        flow.host.tapCancel()
        #expect(await task.value == nil)
        #expect(await flow.results.next() == nil)
    }

    @Test("When the child goes away with its flow still open, a waiting parent gets `nil`.")
    func childGoneGivesNil() async {
        var task: Task<String?, Never>?
        do {
            let flow = Started()
            let results = flow.results
            task = Task.immediate { await results.next() }
            await Task.yield()
        }
        #expect(await task?.value == nil)
    }

    @Test("A value sent after the flow ended is ignored.")
    func sentAfterEndIgnored() async {
        let flow = Started()
        flow.child.dismiss(animated: false)
        flow.child.results.send("late")
        #expect(await flow.results.next() == nil)
    }
}
