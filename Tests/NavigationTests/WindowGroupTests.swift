import Foundation
import Navigation
import NavigationTesting
import Testing

/// A window of the tests' app: a stack and a dialog, each on an in-memory host.
@MainActor
final class TestWindow: NavigationWindow {
    let name: String
    let stackHost = InMemoryHost<TestRoute>()
    let dialogHost = InMemoryHost<TestRoute>()
    let stack: StackRouter<TestRoute>
    let dialog: ModalRouter<TestRoute>
    var routers: [any Router<TestRoute>] { [dialog, stack] }

    init(_ name: String) {
        self.name = name
        stack = StackRouter(host: stackHost)
        dialog = ModalRouter(host: dialogHost)
        stack.present(.root, model: TitledModel("root"), animated: false, onDismissed: nil)
    }
}

@MainActor
@Suite("Many windows: WindowGroup and WindowsSnapshot")
struct WindowGroupTests {
    @Test("windows keep their opening order; the focused one is the one used last")
    func focusOrder() {
        let group = WindowGroup<TestWindow>()
        #expect(group.focused == nil)
        let first = TestWindow("first")
        let second = TestWindow("second")
        let third = TestWindow("third")
        for window in [first, second, third] { group.add(window) }
        group.add(first)  // twice: nothing changes
        #expect(group.windows.map(\.name) == ["first", "second", "third"])
        #expect(group.focused === third, "a new window counts as used")
        group.focus(first)
        #expect(group.focused === first)
        #expect(group.windows.map(\.name) == ["first", "second", "third"], "focus does not reorder windows")
        group.remove(first)
        #expect(group.focused === third, "the window used before it")
        group.focus(first)  // not in the group: nothing
        #expect(group.focused === third)
    }

    @Test("each window's stacks are its own: Back in one leaves the other as it was")
    func independentStacks() {
        let group = WindowGroup<TestWindow>()
        let first = TestWindow("first")
        let second = TestWindow("second")
        group.add(first)
        group.add(second)
        first.stack.present(.a, model: TitledModel("a"))
        second.stack.present(.b, model: TitledModel("b"))
        second.stack.present(.c, model: TitledModel("c"))
        second.stackHost.tapBack()
        #expect(first.stack.routes == [.root, .a])
        #expect(second.stack.routes == [.root, .b])
    }

    @Test("closing the last window quits: nothing is asked and nothing leaves")
    func lastWindowQuits() async {
        let group = WindowGroup<TestWindow>()
        let only = TestWindow("only")
        group.add(only)
        only.stack.present(.a, model: TitledModel("a"))
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        only.stack.setLeaveGuard(probe.guard, for: only.stack.pages[1].id)
        #expect(await group.requestClose(only) == .quit)
        #expect(probe.requests.isEmpty, "quitting keeps drafts: no question")
        #expect(only.stack.routes == [.root, .a])
        #expect(group.windows.count == 1, "the app saves it as it is")
    }

    @Test("closing one window of several ends its flows, each page's onDismissed once; the others stay")
    func closeOne() async {
        let group = WindowGroup<TestWindow>()
        let first = TestWindow("first")
        let second = TestWindow("second")
        group.add(first)
        group.add(second)
        let counter = DismissCounter()
        second.stack.present(.a, model: TitledModel("a"), animated: true, onDismissed: counter.callback("a"))
        second.dialog.present(.b, model: TitledModel("b"), animated: true, onDismissed: counter.callback("b"))
        first.stack.present(.c, model: TitledModel("c"), animated: true, onDismissed: counter.callback("c"))
        #expect(await group.requestClose(second) == .closed)
        #expect(second.stack.pages.isEmpty && second.dialog.pages.isEmpty)
        #expect(counter.order == ["b", "a"], "the dialog first, each once")
        #expect(first.stack.routes == [.root, .c] && counter.count("c") == 0)
        #expect(group.windows.map(\.name) == ["first"] && group.focused === first)
    }

    @Test("closing a window with unsaved work asks (reason close); keep editing keeps the window")
    func closeAsks() async {
        let group = WindowGroup<TestWindow>()
        let first = TestWindow("first")
        let second = TestWindow("second")
        group.add(first)
        group.add(second)
        let editor = second.stack.present(.a, model: TitledModel("editor"))
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        second.stack.setLeaveGuard(probe.guard, for: editor)
        let closing = Task.immediate { await group.requestClose(second) }
        for _ in 0..<8 { await Task.yield() }
        #expect(probe.isAsking && probe.requests.map(\.reason) == [.close])
        await probe.answer(false)
        #expect(await closing.value == .kept)
        #expect(second.stack.routes == [.root, .a] && group.windows.count == 2)

        let again = Task.immediate { await group.requestClose(second) }
        for _ in 0..<8 { await Task.yield() }
        await probe.answer(true)
        #expect(await again.value == .closed)
        #expect(group.windows.map(\.name) == ["first"])
    }

    @Test("before a record goes: guarded pages of it in any window ask; nothing leaves until it is gone")
    func removalAsks() async {
        let group = WindowGroup<TestWindow>()
        let first = TestWindow("first")
        let second = TestWindow("second")
        group.add(first)
        group.add(second)
        first.stack.present(.b, model: TitledModel("b, no guard"))
        second.stack.present(.a, model: TitledModel("a"))
        let editor = second.stack.present(.b, model: TitledModel("b, editor"))
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        second.stack.setLeaveGuard(probe.guard, for: editor)

        let kept = Task.immediate { await group.requestRemoval(of: { $0 == .b }) }
        for _ in 0..<8 { await Task.yield() }
        #expect(probe.requests.map(\.reason) == [.code])
        await probe.answer(false)
        #expect(await kept.value == false)
        #expect(first.stack.routes == [.root, .b], "no guard: stays while the record does")
        #expect(second.stack.routes == [.root, .a, .b])

        let agreed = Task.immediate { await group.requestRemoval(of: { $0 == .b }) }
        for _ in 0..<8 { await Task.yield() }
        await probe.answer(true)
        #expect(await agreed.value)
        #expect(second.stack.routes == [.root, .a, .b], "asked, not removed: it leaves when the record goes")
        #expect(first.stack.routes == [.root, .b])
        #expect(await group.requestRemoval(of: { $0 == .c }), "nothing shows it: nothing to ask")
    }

    @Test("a close and a removal in one window wait for one answer: yes closes it and lets the record go")
    func closeAndRemovalJoin() async {
        for closeFirst in [false, true] {
            for answer in [true, false] {
                let group = WindowGroup<TestWindow>()
                let other = TestWindow("other")
                let editing = TestWindow("editing")
                group.add(other)
                group.add(editing)
                let editor = editing.stack.present(.b, model: TitledModel("b, editor"))
                let probe = ScriptedLeaveGuard<TestRoute>(decision: .ask)
                editing.stack.setLeaveGuard(probe.guard, for: editor)
                let first: Task<Bool, Never>
                let second: Task<Bool, Never>
                if closeFirst {
                    first = Task.immediate { await group.requestClose(editing) == .closed }
                    for _ in 0..<8 { await Task.yield() }
                    second = Task.immediate { await group.requestRemoval(of: { $0 == .b }) }
                } else {
                    first = Task.immediate { await group.requestRemoval(of: { $0 == .b }) }
                    for _ in 0..<8 { await Task.yield() }
                    second = Task.immediate { await group.requestClose(editing) == .closed }
                }
                for _ in 0..<8 { await Task.yield() }
                #expect(probe.isAsking, "one question open")
                await probe.answer(answer)
                let results = (await first.value, await second.value)
                #expect(results == (answer, answer), "close first: \(closeFirst), answer \(answer): \(results)")
                #expect(group.windows.count == (answer ? 1 : 2))
                #expect(probe.requests.count == 1 && probe.cancelledQuestions == 0, "no second question")
            }
        }
    }

    @Test("a second close of a window while its first asks waits for the same answer")
    func twoClosesJoin() async {
        let group = WindowGroup<TestWindow>()
        let other = TestWindow("other")
        let editing = TestWindow("editing")
        group.add(other)
        group.add(editing)
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        editing.stack.setLeaveGuard(probe.guard, for: editing.stack.present(.a, model: TitledModel("a")))
        let first = Task.immediate { await group.requestClose(editing) }
        for _ in 0..<8 { await Task.yield() }
        let second = Task.immediate { await group.requestClose(editing) }
        for _ in 0..<8 { await Task.yield() }
        #expect(probe.requests.count == 1)
        await probe.answer(false)
        let answers = (await first.value, await second.value)
        #expect(answers == (.kept, .kept))
        #expect(editing.stack.routes == [.root, .a])
    }

    @Test("a window closed while a removal waits for another window's answer is freed at once")
    func removalHoldsNoClosedWindow() async {
        let group = WindowGroup<TestWindow>()
        weak var closed: TestWindow?
        let asking = TestWindow("asking")
        do {
            let other = TestWindow("other")
            closed = other
            group.add(other)
        }
        group.add(asking)
        let editor = asking.stack.present(.b, model: TitledModel("b, editor"))
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        asking.stack.setLeaveGuard(probe.guard, for: editor)
        let removal = Task.immediate { await group.requestRemoval(of: { $0 == .b }) }
        for _ in 0..<8 { await Task.yield() }
        #expect(probe.isAsking)
        group.remove(closed!)
        for _ in 0..<8 { await Task.yield() }
        #expect(closed == nil, "the closed window is held while the question is open")
        await probe.answer(true)
        #expect(await removal.value)
    }

    @Test("a snapshot keeps the opening order and the focus, through Codable and compactMap")
    func snapshot() throws {
        let group = WindowGroup<TestWindow>()
        let windows = ["first", "second", "third"].map(TestWindow.init)
        for window in windows { group.add(window) }
        group.focus(windows[1])
        let saved = group.snapshot { $0.name }
        #expect(saved.windows == ["first", "second", "third"] && saved.focused == 1)
        let data = try JSONEncoder().encode(saved)
        #expect(try JSONDecoder().decode(WindowsSnapshot<String>.self, from: data) == saved)
        let dropped = saved.compactMap { $0 == "first" ? nil : $0.uppercased() }
        #expect(dropped == WindowsSnapshot(windows: ["SECOND", "THIRD"], focused: 0))
        #expect(WindowsSnapshot(windows: ["a"], focused: 7).focused == 0, "a focus outside the windows: the first")
        #expect(WindowsSnapshot<String>(windows: []).focused == 0)
        let json = Data(#"{"windows":["a","b"],"focused":5}"#.utf8)
        #expect(
            try JSONDecoder().decode(WindowsSnapshot<String>.self, from: json).focused == 0, "decoding keeps the rule")
        #expect(saved.compactMap { _ in nil as String? }.windows.isEmpty)
    }
}
