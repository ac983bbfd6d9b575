import Navigation
import NavigationTesting
import Testing

/// A one-page picker of letters.
@MainActor
final class LetterPicker: FlowCoordinator<TestRoute>, ResultCoordinator {
    let results = ResultChannel<String>()
    override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        router.present(.a, model: TitledModel("Pick"), animated: animated, onDismissed: onDismissed)
    }
    func pick(_ letter: String) { results.send(letter) }
}

@MainActor
@Suite("coordinate(to:)")
struct ResultCoordinatorTests {
    @Test("returns the value the child sends")
    func returnsValue() async {
        let (dialog, _) = makeModal()
        let parent = ParentFlow(router: dialog)
        let picker = LetterPicker(router: dialog)
        let results = parent.coordinate(to: picker)
        #expect(dialog.routes == [.a], "the child's page is shown before coordinate(to:) returns")
        let task = Task.immediate { await results.next() }
        await Task.yield()
        picker.pick("x")
        #expect(await task.value == "x")
        #expect(parent.children.count == 1, "the child's page is still on screen")
    }

    @Test("returns nil when the child's flow is dismissed first, and runs onDismissed once")
    func nilOnCancel() async {
        let (dialog, host) = makeModal()
        let parent = ParentFlow(router: dialog)
        let live = LiveObjects()
        var finished = 0
        let task = Task.immediate {
            let picker = LetterPicker(router: dialog)
            live.track(picker)
            return await parent.coordinate(to: picker) { finished += 1 }.next()
        }
        await Task.yield()
        host.tapClose()
        #expect(await task.value == nil)
        #expect(finished == 1)
        #expect(parent.children.isEmpty)
        #expect(live.liveCount == 0, "the child must be freed")
    }

    @Test("later values come from next(); a value sent while the parent is busy is dropped")
    func laterValues() async {
        let channel = ResultChannel<Int>()
        let values = channel.values
        channel.send(1)  // before the first ask: kept
        #expect(await values.next() == 1)
        let task = Task.immediate { await values.next() }
        await Task.yield()
        channel.send(2)
        channel.send(3)  // the parent has not asked again: dropped
        #expect(await task.value == 2)
        channel.end()
        #expect(await values.next() == nil)
        channel.send(4)
        #expect(await values.next() == nil, "closed channels stay closed")
    }

    @Test(
        "a parent waiting for a child keeps neither alive: when their owner goes away, both are freed and the wait ends with nil"
    )
    func ownerGoesAway() async {
        let live = LiveObjects()
        var results: ChildResults<String>?
        do {
            let (dialog, host) = makeModal()
            let parent = ParentFlow(router: dialog)
            let picker = LetterPicker(router: dialog)
            results = parent.coordinate(to: picker)
            for object: AnyObject in [parent, picker, dialog, host] { live.track(object) }
        }
        #expect(live.liveCount == 0, "still alive: \(live.liveTypeNames)")
        #expect(await results?.next() == nil, "the channel went with its child")
    }

    @Test("a task suspended in next() ends with nil when the child is freed with its flow still open")
    func waitingTaskEnds() async {
        let live = LiveObjects()
        var task: Task<String?, Never>?
        do {
            let (dialog, _) = makeModal()
            let parent = ParentFlow(router: dialog)
            let results = parent.coordinate(to: LetterPicker(router: dialog))
            task = Task.immediate { await results.next() }
            await Task.yield()
            live.track(parent)
        }
        #expect(await task?.value == nil)
        #expect(live.liveCount == 0, "still alive: \(live.liveTypeNames)")
    }
}
