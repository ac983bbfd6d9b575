import Navigation
import NavigationTesting
import RayPets
import Testing

@MainActor
@Suite("How to code")
struct HowToCodeTests {
    @Test("the app starts on Home, once, however often it is activated")
    func startsOnHome() {
        let app = AppHarness()
        #expect(app.mainHost.pages.map(\.route) == [.home])
        #expect(app.mainHost.title == "RayPets")
        #expect(!app.mainHost.showsBackButton)
        app.app.start()
        #expect(app.mainHost.pages.count == 1, "a second activation must not add a second Home")
        #expect(app.window.presentCount == 2)
        #expect(app.app.children.count == 1)
    }

    @Test("four steps with their titles, texts and coloured Next buttons, then Start over back to Home")
    func walkThrough() throws {
        let app = AppHarness()
        app.tapHowToCode()
        #expect(app.flows.count == 1)
        let expected: [(String, ActionStyle)] = [
            ("I wake up", .red), ("I go out", .orange), ("500 lines", .green), ("Ship it!", .blue),
        ]
        for (index, (title, colour)) in expected.enumerated() {
            let step = HowToCodeStep.allCases[index]
            #expect(app.visibleRoute == .howToCode(step))
            let model = try #require(app.mainHost.visibleModel(as: MessageViewModel.self))
            #expect(model.title == title)
            #expect(model.actionTitle == "Next")
            #expect(model.actionStyle == colour)
            #expect(model.actionStyle.cssClass == "step-\(colour.rawValue)")
            #expect(!model.message.isEmpty)
            #expect(app.mainHost.showsBackButton)
            app.tapAction()
        }
        #expect(app.visibleRoute == .startOver)
        #expect(app.mainHost.pages.count == 6)
        app.tapAction()
        #expect(app.mainHost.pages.map(\.route) == [.home])
        #expect(app.flows.isEmpty)
        #expect(app.liveBeyondHome == 0, "still alive: \(app.live.liveTypeNames)")
        #expect(app.live.trackedCount == 3 + 1 + 5, "app, home, home page, the flow and its five pages")
    }

    @Test("Back goes back one step at a time, and out of the flow from the first step", arguments: 1...5)
    func backFromEveryDepth(depth: Int) {
        let app = AppHarness()
        app.tapHowToCode()
        for _ in 1..<depth { app.tapAction() }
        #expect(app.mainHost.pages.count == depth + 1)
        for remaining in stride(from: depth, through: 1, by: -1) {
            #expect(app.flows.count == 1)
            app.tapBack()
            #expect(app.mainHost.pages.count == remaining)
        }
        #expect(app.visibleRoute == .home)
        #expect(app.flows.isEmpty)
        #expect(app.liveBeyondHome == 0, "still alive: \(app.live.liveTypeNames)")
        app.tapBack()
        #expect(app.visibleRoute == .home, "Back on Home does nothing")
    }

    @Test("Next pressed twice on one step pushes one page")
    func doubleNext() throws {
        let app = AppHarness()
        app.tapHowToCode()
        let first = try #require(app.mainHost.visibleModel(as: MessageViewModel.self))
        first.performAction()
        first.performAction()
        #expect(app.mainHost.pages.map(\.route) == [.home, .howToCode(.wakeUp), .howToCode(.goOut)])
    }

    @Test("How to code pressed twice starts one flow")
    func doubleStart() throws {
        let app = AppHarness()
        let home = try #require(app.mainHost.visibleModel(as: HomeViewModel.self))
        home.howToCode()
        home.howToCode()
        #expect(app.flows.count == 1)
        #expect(app.mainHost.pages.count == 2)
    }
}
