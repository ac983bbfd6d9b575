import Navigation
import NavigationTesting
import Testing

@MainActor
@Suite("ModalRouter")
struct ModalRouterTests {
    /// A dialog with three pages, counting their dismissals.
    private func openThree() -> (ModalRouter<TestRoute>, InMemoryHost<TestRoute>, DismissCounter) {
        let (router, host) = makeModal()
        let counter = DismissCounter()
        router.present(.a, model: TitledModel("A"), animated: true, onDismissed: counter.callback("a"))
        router.present(.b, model: TitledModel("B"), animated: true, onDismissed: counter.callback("b"))
        router.present(.c, model: TitledModel("C"), animated: true, onDismissed: counter.callback("c"))
        return (router, host, counter)
    }

    @Test("the first present opens the dialog, later ones push inside it")
    func opensThenPushes() {
        let (router, host, _) = openThree()
        #expect(host.openCount == 1)
        #expect(host.transitions == [.none, .push, .push])
        #expect(router.isOpen)
        #expect(host.title == "C")
    }

    @Test("dismiss closes the dialog and runs every page's onDismissed once, top first")
    func dismissRunsAllOnce() {
        let (router, host, counter) = openThree()
        router.dismiss(animated: true)
        #expect(!host.isOpen)
        #expect(host.closeCount == 1)
        #expect(counter.order == ["c", "b", "a"])
        router.dismiss(animated: true)
        #expect(counter.order == ["c", "b", "a"], "dismissing a closed dialog runs nothing")
        #expect(host.closeCount == 1)
    }

    @Test("Cancel closes the dialog like dismiss")
    func cancel() {
        let (router, host, counter) = openThree()
        host.tapClose()
        #expect(!host.isOpen && !router.isOpen)
        #expect(counter.counts == ["a": 1, "b": 1, "c": 1])
    }

    @Test("the window closing from outside dismisses every page once")
    func windowClose() {
        let (router, host, counter) = openThree()
        host.closeWindow()
        #expect(router.pages.isEmpty)
        #expect(counter.counts == ["a": 1, "b": 1, "c": 1])
        #expect(router.pendingDismissHandlers == 0)
    }

    @Test("Back inside the dialog pops one page and never closes it")
    func backInsideDialog() {
        let (router, host, counter) = openThree()
        host.tapBack()
        #expect(host.topRoute == .b)
        #expect(counter.order == ["c"])
        host.tapBack()
        host.tapBack()
        #expect(host.isOpen && host.topRoute == .a)
        #expect(!host.showsBackButton)
        #expect(counter.order == ["c", "b"])
        router.dismiss(animated: false)
        #expect(counter.order == ["c", "b", "a"])
    }

    @Test("the dialog can open again after closing")
    func reopen() {
        let (router, host, _) = openThree()
        host.tapClose()
        router.present(.b, model: TitledModel("B"), animated: true, onDismissed: nil)
        #expect(host.openCount == 2)
        #expect(host.transitions.last == NavigationTransition.none)
        #expect(router.routes == [.b])
    }
}
