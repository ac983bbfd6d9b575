import Navigation
import NavigationTesting

/// A tiny route type, so these tests show the library is app-agnostic.
enum TestRoute: NavigationRoute {
    case root, a, b, c
}

/// A page model with just a title.
@MainActor
final class TitledModel: PageModel {
    let title: String
    init(_ title: String) { self.title = title }
}

/// Counts how many times each page's onDismissed ran, by name.
@MainActor
final class DismissCounter {
    private(set) var counts: [String: Int] = [:]
    private(set) var order: [String] = []
    func callback(_ name: String) -> @MainActor () -> Void {
        { [self] in
            counts[name, default: 0] += 1
            order.append(name)
        }
    }
    func count(_ name: String) -> Int { counts[name, default: 0] }
}

@MainActor
func makeStack() -> (StackRouter<TestRoute>, InMemoryHost<TestRoute>) {
    let host = InMemoryHost<TestRoute>()
    return (StackRouter(host: host), host)
}

@MainActor
func makeModal() -> (ModalRouter<TestRoute>, InMemoryHost<TestRoute>) {
    let host = InMemoryHost<TestRoute>()
    return (ModalRouter(host: host), host)
}
