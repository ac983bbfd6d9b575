import Navigation
import NavigationTesting
import Testing

/// Flows that share one stack: each dismisses back to where *it* started.
@MainActor
@Suite("Scoped flows on a shared stack")
struct ScopedFlowTests {
    /// root (parent) | sibling: a b | child: a b — each flow's end counted by name.
    private func parentSiblingChild() -> (
        StackRouter<TestRoute>, InMemoryHost<TestRoute>, ParentFlow, TwoPageFlow, TwoPageFlow, DismissCounter
    ) {
        let (router, host) = makeStack()
        let counter = DismissCounter()
        let parent = ParentFlow(router: router)
        parent.present(animated: false, onDismissed: counter.callback("parent"))
        let sibling = TwoPageFlow(router: router)
        parent.presentChild(sibling, animated: true, onDismissed: counter.callback("sibling"))
        let child = TwoPageFlow(router: router)
        parent.presentChild(child, animated: true, onDismissed: counter.callback("child"))
        return (router, host, parent, sibling, child, counter)
    }

    @Test("a child's dismiss leaves its sibling's and its parent's pages, and ends only itself, once")
    func siblingsAndParentsUntouched() {
        let (router, host, parent, sibling, child, counter) = parentSiblingChild()
        let below = router.pages.prefix(3).map(\.id)
        #expect(child.pages.count == 2)
        child.dismiss(animated: true)
        #expect(router.routes == [.root, .a, .b])
        #expect(router.pages.map(\.id) == below, "the parent's and the sibling's pages are the same pages")
        #expect(sibling.pages.count == 2)
        #expect(counter.order == ["child"])
        #expect(child.pages.isEmpty)
        #expect(parent.children.count == 1 && parent.children[0] === sibling)
        #expect(host.transitions.last == .pop)
        child.dismiss(animated: true)
        host.tapBack()
        #expect(counter.order == ["child"], "a second dismiss, then Back inside the sibling, end nothing more")
        #expect(router.routes == [.root, .a])
    }

    @Test("pages a parent pushes above a running child leave with the child, each onDismissed once, top first")
    func parentPagesAboveChild() {
        let (router, _, parent, _, child, counter) = parentSiblingChild()
        parent.router.present(.c, model: TitledModel("C"), animated: true, onDismissed: counter.callback("above"))
        #expect(router.routes == [.root, .a, .b, .a, .b, .c])
        #expect(child.pages.count == 3, "the child's pages count everything above its first page")
        child.dismiss(animated: true)
        #expect(router.routes == [.root, .a, .b], "no holes: Back from the sibling's top goes where it went before")
        #expect(counter.order == ["above", "child"])
        #expect(counter.count("above") == 1 && counter.count("child") == 1)
    }

    @Test("a child that started its own child ends it too; both leave their parents' children")
    func grandchildEndsWithChild() {
        let (router, _, parent, _, child, counter) = parentSiblingChild()
        let grandchild = TwoPageFlow(router: router)
        child.presentChild(grandchild, animated: true, onDismissed: counter.callback("grandchild"))
        #expect(router.pages.count == 7)
        child.dismiss(animated: true)
        #expect(router.routes == [.root, .a, .b])
        #expect(counter.order == ["grandchild", "child"])
        #expect(child.children.isEmpty)
        #expect(parent.children.count == 1)
    }

    @Test("pop to a flow's first page keeps it and removes what is above it, and nothing below")
    func popToFirstPage() {
        let (router, _, _, _, child, counter) = parentSiblingChild()
        router.present(.c, model: TitledModel("C"), animated: true, onDismissed: counter.callback("c"))
        child.popToFirstPage(animated: true)
        #expect(router.routes == [.root, .a, .b, .a])
        #expect(counter.order == ["c"])
        child.popToFirstPage(animated: true)
        #expect(router.routes == [.root, .a, .b, .a], "on its first page already: nothing changes")
        child.dismiss(animated: true)
        child.popToFirstPage(animated: true)
        #expect(router.routes == [.root, .a, .b], "after the flow ended: nothing changes")
    }

    @Test("a flow inside a dialog that another flow opened dismisses back to the opener's pages")
    func scopedInsideDialog() {
        let (dialog, dialogHost) = makeModal()
        let counter = DismissCounter()
        let opener = TwoPageFlow(router: dialog)
        opener.present(animated: true, onDismissed: counter.callback("opener"))
        let inner = TwoPageFlow(router: dialog)
        opener.presentChild(inner, animated: true, onDismissed: counter.callback("inner"))
        inner.dismiss(animated: true)
        #expect(dialog.routes == [.a, .b])
        #expect(dialogHost.isOpen, "the dialog stays: the opener's pages are still in it")
        #expect(counter.order == ["inner"])
        opener.dismiss(animated: true)
        #expect(!dialogHost.isOpen)
        #expect(counter.order == ["inner", "opener"])
    }

    @Test("a flow whose first page is the stack's root leaves an empty stack when dismissed")
    func flowAtTheRoot() {
        let (router, _) = makeStack()
        let counter = DismissCounter()
        let flow = TwoPageFlow(router: router)
        flow.present(animated: false, onDismissed: counter.callback("flow"))
        flow.dismiss(animated: true)
        #expect(router.pages.isEmpty)
        #expect(counter.order == ["flow"])
    }
}
