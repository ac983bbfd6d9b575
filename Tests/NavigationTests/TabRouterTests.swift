import Navigation
import NavigationTesting
import Testing

enum TestTab: String, Sendable { case first, second }

@MainActor
@Suite("TabRouter")
struct TabRouterTests {
    private func makeTabs() -> (TabRouter<TestTab, TestRoute>, InMemoryTabHost<TestTab, TestRoute>) {
        let host = InMemoryTabHost<TestTab, TestRoute>(tabs: [.first, .second])
        let tabs = TabRouter(tabs: [.first, .second], host: host)
        tabs.router(for: .first).present(.root, model: TitledModel("First"))
        tabs.router(for: .second).present(.root, model: TitledModel("Second"))
        return (tabs, host)
    }

    @Test("each tab has its own stack; switching keeps both")
    func independentStacks() {
        let (tabs, host) = makeTabs()
        #expect(host.selectedTab == .first)
        tabs.router(for: .first).present(.a, model: TitledModel("A"))
        tabs.router(for: .first).present(.b, model: TitledModel("B"))
        host.tapTab(.second)
        #expect(tabs.selectedTab == .second)
        tabs.router(for: .second).present(.c, model: TitledModel("C"))
        host.tapTab(.first)
        #expect(host.selectedHost?.title == "B")
        #expect(tabs.router(for: .first).routes == [.root, .a, .b])
        #expect(tabs.router(for: .second).routes == [.root, .c])
    }

    @Test("Back acts on the visible tab only")
    func backOnVisibleTab() {
        let (tabs, host) = makeTabs()
        var dismissed: [String] = []
        tabs.router(for: .first).present(.a, model: TitledModel("A"), animated: true) { dismissed.append("first.a") }
        tabs.router(for: .second).present(.a, model: TitledModel("A"), animated: true) { dismissed.append("second.a") }
        host.tapTab(.second)
        host.tapBack()
        #expect(dismissed == ["second.a"])
        #expect(tabs.router(for: .first).routes == [.root, .a])
        host.tapBack()
        #expect(tabs.router(for: .second).routes == [.root], "Back on a tab's root does nothing")
        tabs.select(.first)
        tabs.selectedRouter.goBack(animated: true)
        #expect(dismissed == ["second.a", "first.a"])
    }

    @Test("a switch by the user or by code shows the tab and changes the visible router")
    func selection() {
        let (tabs, host) = makeTabs()
        host.tapTab(.second)
        #expect(tabs.selectedTab == .second && host.selectedTab == .second)
        #expect(tabs.selectedRouter === tabs.router(for: .second))
        tabs.select(.first)
        #expect(tabs.selectedTab == .first && host.selectedTab == .first)
        #expect(tabs.selectedRouter === tabs.router(for: .first))
    }

    @Test("a destroyed window dismisses every tab's pages")
    func windowClose() {
        let (tabs, host) = makeTabs()
        var dismissed = 0
        tabs.router(for: .first).present(.a, model: TitledModel("A"), animated: true) { dismissed += 1 }
        tabs.router(for: .second).present(.a, model: TitledModel("A"), animated: true) { dismissed += 1 }
        host.hosts[.first]!.closeWindow()
        host.hosts[.second]!.closeWindow()
        #expect(dismissed == 2)
        #expect(tabs.router(for: .first).pages.isEmpty && tabs.router(for: .second).pages.isEmpty)
    }
}
