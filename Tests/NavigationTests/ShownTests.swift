import Navigation
import NavigationTesting
import Testing

private let layout = SplitLayout<TestRoute>(minimumWidth: 720) { $0 == .a }

/// A page model whose intents a flow sets.
@MainActor
private final class ButtonModel: PageModel {
    let title: String
    var onPress: (@MainActor () -> Void)?
    var onChoose: (@MainActor (String) -> Void)?
    init(_ title: String) { self.title = title }
}

/// A list (`a`) with an Add button and a choice, each opening `b` beside it.
@MainActor
private final class SidebarFlow: FlowCoordinator<TestRoute> {
    private(set) var list: ButtonModel?
    var opened: [String] = []

    override func start(animated: Bool, onDismissed: (@MainActor () -> Void)?) {
        let model = ButtonModel("List")
        list = model
        let id = router.present(.a, model: model, animated: animated, onDismissed: onDismissed)
        model.onPress = whenShown(id, model) { flow, _ in flow.open("added") }
        model.onChoose = whenShown(id, model, value: String.self) { flow, _, item in flow.open(item) }
    }

    private func open(_ item: String) {
        opened.append(item)
        router.present(.b, model: ButtonModel(item), animated: true, onDismissed: nil)
    }
}

@MainActor
@Suite("Shown, not top: what a person can see and use")
struct ShownTests {
    @Test("a stack shows its top page only")
    func stackShowsTop() {
        let (router, _) = makeStack()
        let root = router.present(.root, model: TitledModel("Root"))
        let top = router.present(.a, model: TitledModel("A"))
        #expect(router.isShown(top))
        #expect(!router.isShown(root))
    }

    @Test("a split shows its sidebar page and the page beside it; narrow, only the top")
    func splitShowsBothSides() {
        let host = InMemoryHost<TestRoute>(layout: layout, width: 1200)
        let router = StackRouter(host: host)
        let root = router.present(.root, model: TitledModel("Root"))
        let list = router.present(.a, model: TitledModel("List"))
        let detail = router.present(.b, model: TitledModel("Detail"))
        #expect(router.isShown(list) && router.isShown(detail))
        #expect(!router.isShown(root), "the page under the sidebar is not on screen")
        host.resize(to: 400)
        #expect(!router.isShown(list) && router.isShown(detail))
    }

    @Test("a sidebar's controls work while a detail is beside it, and not once it is covered")
    func sidebarIntentsRun() {
        let host = InMemoryHost<TestRoute>(layout: layout, width: 1200)
        let router = StackRouter(host: host)
        router.present(.root, model: TitledModel("Root"))
        let flow = SidebarFlow(router: router)
        flow.present(animated: false, onDismissed: nil)
        flow.list?.onChoose?("rex")
        #expect(router.routes == [.root, .a, .b])
        flow.list?.onPress?()
        #expect(flow.opened == ["rex", "added"], "the sidebar's Add works beside a detail")
        host.resize(to: 400)
        flow.list?.onPress?()
        #expect(flow.opened == ["rex", "added"], "narrow, the list is under the detail: nothing happens")
    }

    @Test("no page of a host takes input while a dialog covers its window")
    func coveredByDialog() {
        let (router, host) = makeStack()
        let (dialogs, dialogHost) = makeModal()
        host.addCoveringDialog(dialogHost)
        let flow = SidebarFlow(router: router)
        flow.present(animated: false, onDismissed: nil)
        let list = router.pages[0].id
        #expect(router.isShown(list))
        dialogs.present(.c, model: TitledModel("Dialog"))
        #expect(!router.isShown(list))
        flow.list?.onPress?()
        #expect(flow.opened.isEmpty, "a control under an open dialog does nothing")
        dialogs.dismiss(animated: false)
        flow.list?.onPress?()
        #expect(flow.opened == ["added"])
    }

    @Test("a page whose leave guard is asking is not shown until the answer")
    func leavingIsNotShown() async {
        let (router, _) = makeStack()
        router.present(.root, model: TitledModel("Root"))
        let page = router.present(.a, model: TitledModel("A"))
        let probe = ScriptedLeaveGuard<TestRoute>(decision: .ask)
        router.setLeaveGuard(probe.guard, for: page)
        router.goBack(animated: false)
        #expect(probe.isAsking)
        #expect(!router.isShown(page))
        await probe.answer(false)
        #expect(router.isShown(page), "Keep: the page is usable again")
    }
}
