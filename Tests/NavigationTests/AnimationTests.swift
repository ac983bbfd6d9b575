import Navigation
import NavigationTesting
import Testing

/// Every operation that takes `animated` honours it, on both kinds of router.
@MainActor
@Suite("animated: false on every operation")
struct AnimationTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case stack, dialog
        var testDescription: String { rawValue }
    }

    /// An operation, run on a router holding root, a, b (presented as the `TwoPageFlow` a b
    /// over root), and the transition it shows when animated.
    struct Operation: CustomTestStringConvertible, Sendable {
        let name: String
        let animatedTransition: NavigationTransition
        let run: @MainActor @Sendable (any Router<TestRoute>, TwoPageFlow, Bool) -> Void
        var testDescription: String { name }
    }

    nonisolated static let operations: [Operation] = [
        Operation(name: "present", animatedTransition: .push) { router, _, animated in
            router.present(.c, model: TitledModel("C"), animated: animated, onDismissed: nil)
        },
        Operation(name: "goBack", animatedTransition: .pop) { router, _, animated in router.goBack(animated: animated)
        },
        Operation(name: "remove(from:)", animatedTransition: .pop) { router, _, animated in
            router.remove(from: router.pages[2].id, animated: animated)
        },
        Operation(name: "popTo", animatedTransition: .pop) { router, _, animated in
            router.popTo(.a, animated: animated)
        },
        Operation(name: "replaceTop", animatedTransition: .push) { router, _, animated in
            router.replaceTop(with: .c, model: TitledModel("C"), animated: animated, onDismissed: nil)
        },
        Operation(name: "setStack deeper", animatedTransition: .push) { router, _, animated in
            router.setStack(
                [
                    PageEntry(.root, model: TitledModel("R")), PageEntry(.a, model: TitledModel("A")),
                    PageEntry(.b, model: TitledModel("B")), PageEntry(.c, model: TitledModel("C")),
                ],
                animated: animated)
        },
        Operation(name: "setStack shallower", animatedTransition: .pop) { router, _, animated in
            router.setStack(
                [PageEntry(.root, model: TitledModel("R")), PageEntry(.c, model: TitledModel("C"))], animated: animated)
        },
        Operation(name: "flow dismiss", animatedTransition: .pop) { _, flow, animated in
            flow.dismiss(animated: animated)
        },
        Operation(name: "flow popToFirstPage", animatedTransition: .pop) { _, flow, animated in
            flow.popToFirstPage(animated: animated)
        },
        Operation(name: "flow present", animatedTransition: .push) { router, _, animated in
            TwoPageFlow(router: router).present(animated: animated, onDismissed: nil)
        },
    ]

    private func setUp(_ kind: Kind) -> (any Router<TestRoute>, InMemoryHost<TestRoute>, TwoPageFlow) {
        let host = InMemoryHost<TestRoute>()
        let router: any Router<TestRoute> = kind == .stack ? StackRouter(host: host) : ModalRouter(host: host)
        router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: nil)
        let flow = TwoPageFlow(router: router)
        flow.present(animated: true, onDismissed: nil)
        return (router, host, flow)
    }

    @Test("animated: false shows the change with no transition", arguments: Kind.allCases, operations)
    func notAnimated(kind: Kind, operation: Operation) {
        let (router, host, flow) = setUp(kind)
        let before = host.transitions.count
        operation.run(router, flow, false)
        #expect(host.transitions.count > before, "the operation changed the stack")
        #expect(host.transitions[before...].allSatisfy { $0 == .none })
    }

    @Test("animated: true slides the way the change goes", arguments: Kind.allCases, operations)
    func animated(kind: Kind, operation: Operation) {
        let (router, host, flow) = setUp(kind)
        let before = host.transitions.count
        operation.run(router, flow, true)
        #expect(host.transitions.count > before)
        #expect(host.transitions.last == operation.animatedTransition)
    }

    @Test("animatesTransitions = false turns every transition off", arguments: Kind.allCases, operations)
    func routerWide(kind: Kind, operation: Operation) {
        let (router, host, flow) = setUp(kind)
        router.animatesTransitions = false
        let before = host.transitions.count
        operation.run(router, flow, true)
        #expect(host.transitions[before...].allSatisfy { $0 == .none })
    }

    @Test("closing or emptying a router is never animated: dismiss, dismissAll", arguments: Kind.allCases)
    func closing(kind: Kind) {
        let (router, host, _) = setUp(kind)
        router.dismissAll(animated: true)
        #expect(host.transitions.last == NavigationTransition.none)
        #expect(router.pages.isEmpty)
    }

    @Test("dismiss on a stack pops to the root, animated or not", arguments: [true, false])
    func stackDismiss(animated: Bool) {
        let (router, host, _) = setUp(.stack)
        router.dismiss(animated: animated)
        #expect(router.routes == [.root])
        #expect(host.transitions.last == (animated ? .pop : NavigationTransition.none))
    }
}
