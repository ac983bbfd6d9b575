import NavigationTesting
import Testing

@testable import Navigation

/// One removal point: every router operation that removes pages goes through
/// `RouterState.removePages(_:)` (what ARCHITECTURE.md says). For each operation, the
/// pages that left the stack are exactly the pages that function reported removing.
@MainActor
@Suite("Every removal goes through RouterState.removePages(_:)")
struct RemovalPointTests {
    /// A stack router with `root, a, b, c`, or a modal router with `a, b, c`.
    private func make(dialog: Bool) -> (any Router<TestRoute>, InMemoryHost<TestRoute>) {
        let host = InMemoryHost<TestRoute>()
        let router: any Router<TestRoute> = dialog ? ModalRouter(host: host) : StackRouter(host: host)
        for route in (dialog ? [.a, .b, .c] : [TestRoute.root, .a, .b, .c]) {
            router.present(route, model: TitledModel("\(route)"), animated: false, onDismissed: nil)
        }
        return (router, host)
    }

    /// Runs `operation` and checks that the removal function saw exactly the pages that left.
    private func check(
        _ name: String, dialog: Bool = false, _ operation: (any Router<TestRoute>, InMemoryHost<TestRoute>) -> Void
    ) {
        let (router, host) = make(dialog: dialog)
        let before = Set(router.pages.map(\.id))
        var reported: [PageID] = []
        RouterState<TestRoute>.removalObserver = { reported += $0 }
        defer { RouterState<TestRoute>.removalObserver = nil }
        operation(router, host)
        let after = Set(router.pages.map(\.id))
        let left = before.subtracting(after)
        #expect(!left.isEmpty, "\(name) removed nothing: the check would prove nothing")
        #expect(Set(reported) == left, "\(name): pages left without passing through removePages(_:)")
        #expect(reported.count == Set(reported).count, "\(name): a page was removed twice")
    }

    @Test("every router operation that removes pages goes through the one removal function")
    func everyOperation() {
        check("goBack") { router, _ in router.goBack(animated: false) }
        check("dismiss") { router, _ in router.dismiss(animated: false) }
        check("dismiss (dialog)", dialog: true) { router, _ in router.dismiss(animated: false) }
        check("dismissAll") { router, _ in router.dismissAll(animated: false) }
        check("popTo") { router, _ in router.popTo(.a, animated: false) }
        check("remove(from:)") { router, _ in router.remove(from: router.pages[2].id, animated: false) }
        check("replaceTop") { router, _ in
            router.replaceTop(with: .b, model: TitledModel("new"), animated: false, onDismissed: nil)
        }
        check("setStack") { router, _ in
            router.setStack([PageEntry(.root, model: TitledModel("new root"))], animated: false)
        }
        check("removeAll(where:)") { router, _ in router.removeAll(where: { $0 == .b }, animated: false) }
        check("the user's Back") { _, host in host.tapBack() }
        check("a split sidebar's Back") { router, host in
            (router as? StackRouter<TestRoute>)?.hostDidRequestBack(from: router.pages[1].id)
        }
        check("a stack's close request") { _, host in host.tapClose() }
        check("a dialog's Cancel", dialog: true) { _, host in host.tapCancel() }
        check("a dialog's close button", dialog: true) { _, host in host.tapClose() }
        check("a closed window") { _, host in host.closeWindow() }
        check("a closed dialog", dialog: true) { _, host in host.closeWindow() }
    }
}
